import { describe, expect, it } from 'vitest';
import { Modal, MODAL_DEFAULT_MAX_WIDTH } from './Modal';
import { render } from '../test-utils';

const noop = () => {};
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
    expect(MODAL_DEFAULT_MAX_WIDTH).toBe(800);
    expect(out).toContain('role="dialog"');
    expect(out).toContain('aria-modal="true"');
    const labelledBy = /aria-labelledby="([^"]+)"/.exec(out)![1];
    expect(out).toContain(`id="${labelledBy}" class="modal-title">Вибір профілю товара</h2>`);
    expect(out).toContain('max-width:800px');
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
    expect(buttons(render(<Modal open title="T" onClose={noop} buttons={four} maxWidth={500} />))).toEqual([
      ['Скасувати', 'button'],
      ['Назад', 'button button-primary'],
      ['Далі', 'button button-primary'],
    ]);
  });

  it('takes a maximum width', () => {
    expect(render(<Modal open title="T" onClose={noop} maxWidth={500} />)).toContain('max-width:500px');
  });

  it('has a labelled close button', () => {
    expect(render(<Modal open title="T" onClose={noop} />)).toContain('aria-label="Закрити"');
  });
});
