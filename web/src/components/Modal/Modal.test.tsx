import { describe, expect, it } from 'vitest';
import { Modal } from './Modal';
import { render } from '../test-utils';

const noop = () => {};
// The tests' tsconfig has no Node types: the module is loaded by a name tsc does not resolve.
const { readFileSync } = (await import('node:fs' as string)) as { readFileSync(path: URL, encoding: 'utf8'): string };
const css = readFileSync(new URL('../../styles.css', import.meta.url), 'utf8');
/** The declarations of a class's own rule in the stylesheet. */
const rule = (name: string) => new RegExp(`\\.${name} \\{([^}]*)\\}`).exec(css)?.[1] ?? '';
const buttons = (markup: string) =>
  [...markup.matchAll(/<button[^>]*class="(button[^"]*)"[^>]*>([^<]*)<\/button>/g)].map((m) => [m[2], m[1]]);

describe('Modal', () => {
  it('renders nothing when closed', () => {
    expect(render(<Modal open={false} title="Вибір профілю товара" onClose={noop} />)).toBe('');
  });

  it('is a labelled modal dialog 800 px wide by default', () => {
    const out = render(
      <Modal open title="Вибір профілю товара" onClose={noop}>
        <p>Вміст</p>
      </Modal>,
    );
    expect(out).toContain('role="dialog"');
    expect(out).toContain('aria-modal="true"');
    const labelledBy = /aria-labelledby="([^"]+)"/.exec(out)![1];
    expect(out).toContain(`id="${labelledBy}" class="modal-title">Вибір профілю товара</h2>`);
    expect(out).toContain('class="modal modal-medium"');
    expect(rule('modal-medium')).toContain('max-width: 800px');
    expect(out).toContain('<p>Вміст</p>');
  });

  it('has one blue understood button when no buttons are given', () => {
    expect(buttons(render(<Modal open title="T" onClose={noop} />))).toEqual([['Зрозуміло', 'button button-primary']]);
    expect(buttons(render(<Modal open title="T" onClose={noop} buttons={[]} />, { language: 'en' }))).toEqual([
      ['Understood', 'button button-primary'],
    ]);
  });

  it('shows the given buttons, at most three', () => {
    const four = ['Скасувати', 'Назад', 'Далі', 'Зайва'].map((label, i) => ({
      label,
      onClick: noop,
      variant: i === 0 ? ('secondary' as const) : undefined,
    }));
    expect(buttons(render(<Modal open title="T" onClose={noop} buttons={four} size="small" />))).toEqual([
      ['Скасувати', 'button'],
      ['Назад', 'button button-primary'],
      ['Далі', 'button button-primary'],
    ]);
  });

  it('takes a size, as a class: no style attribute (the CSP allows no inline styles)', () => {
    const out = render(<Modal open title="T" onClose={noop} size="small" />);
    expect(out).toContain('class="modal modal-small"');
    expect(rule('modal-small')).toContain('max-width: 500px');
    expect(out).not.toContain('style=');
    expect(render(<Modal open title="T" onClose={noop} />)).not.toContain('style=');
  });

  it('has a labelled close button', () => {
    expect(render(<Modal open title="T" onClose={noop} />)).toContain('aria-label="Закрити"');
  });
});
