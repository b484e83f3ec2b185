import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import enCommon from '../../../../packages/locales/src/en/common.json';
import { CopyLink } from './copy-link';

afterEach(cleanup);

async function renderCopy() {
  const i18n = i18next.createInstance();
  await i18n.init({ lng: 'en', defaultNS: 'common', resources: { en: { common: enCommon } } });
  render(
    <I18nextProvider i18n={i18n}>
      <CopyLink url="https://x.test/r/abc" label="Share link" />
    </I18nextProvider>,
  );
}

describe('copy button', () => {
  it('says "Copied" when the clipboard took the link, and "Copy failed" when it did not', async () => {
    const clipboard = { ok: true, writeText: async () => (clipboard.ok ? undefined : Promise.reject(new Error('no'))) };
    Object.defineProperty(navigator, 'clipboard', { value: clipboard, configurable: true });
    await renderCopy();
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText('Copied')).toBeTruthy();
    clipboard.ok = false;
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText('Copy failed')).toBeTruthy();
  });
});
