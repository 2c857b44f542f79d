import { describe, expect, it } from 'vitest';
import { Classifications } from './Classifications';
import { render } from '../test-utils';

describe('Classifications', () => {
  const item = {
    classification: { scheme: 'ДК021', id: '31224700-9', description: 'Монтажні коробки', description_en: 'Junction boxes' },
    additionalClassifications: [{ scheme: 'КЕКВ', id: '2210', description: 'Предмети, матеріали, обладнання та інвентар' }],
  };

  it('names the scheme and the code in English under /en, the record\'s English name first', () => {
    const en = render(<Classifications item={item} language="en" />, { language: 'en' });
    expect(en).toContain('CPV<!-- --> </span><span class="code">31224700-9</span> Junction boxes');
    expect(en).toContain('KEKV<!-- --> </span>');
    expect(en).not.toMatch(/ДК021|КЕКВ|Монтажні/);
  });

  it('takes the classifier\'s English name of a code the record names in Ukrainian only', () => {
    const bare = { classification: { scheme: 'ДК021', id: '31224700-9', description: 'Монтажні коробки' } };
    const cpvNames = { ok: true as const, body: { 'hydra:member': [{ id: '31224700-9', name: 'Junction boxes', name_en: 'Junction boxes', description: 'Монтажні коробки' }] } };
    const en = render(<Classifications item={bare} language="en" />, { language: 'en', data: { cpvNames } });
    expect(en).toContain('<span class="code">31224700-9</span> Junction boxes');
    const uk = render(<Classifications item={bare} language="uk" />, { data: { cpvNames } });
    expect(uk).toContain('Монтажні коробки');
  });

  it('keeps the Ukrainian names in Ukrainian, and the Ukrainian description as the fallback', () => {
    const uk = render(<Classifications item={item} language="uk" />);
    expect(uk).toContain('ДК021<!-- --> </span><span class="code">31224700-9</span> Монтажні коробки');
    const bare = { classification: { scheme: 'ДК021', id: '31224700-9', description: 'Монтажні коробки' } };
    expect(render(<Classifications item={bare} language="en" />, { language: 'en' })).toContain('Монтажні коробки');
  });
});
