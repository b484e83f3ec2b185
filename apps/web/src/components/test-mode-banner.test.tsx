import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import enCommon from '../../../../packages/locales/src/en/common.json';
import jaCommon from '../../../../packages/locales/src/ja/common.json';
import { readRuntimeConfig } from '../lib/runtime-config';
import { TestModeBanner } from './test-mode-banner';

afterEach(cleanup);

// The instance reaches the components through I18nextProvider only: `.use(initReactI18next)` would also make it
// the global one, and the files after this one in the worker (isolate off) would render in its language.
async function i18nIn(lng: string) {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng,
    defaultNS: 'common',
    resources: { en: { common: enCommon }, ja: { common: jaCommon } },
  });
  return i18n;
}

function docWith(config: object): Document {
  const doc = document.implementation.createHTMLDocument('t');
  const meta = doc.createElement('meta');
  meta.setAttribute('name', 'mindgauge-config');
  meta.setAttribute('content', JSON.stringify(config));
  doc.head.append(meta);
  return doc;
}

describe('test-mode banner', () => {
  it('reads the simulated parts from the server’s meta tag, none when it names none', () => {
    const base = { apiBase: '/api', payBase: '/api-pay', publicUrl: 'https://x.test', devMailbox: false };
    expect(readRuntimeConfig(docWith({ ...base, testMode: ['payments', 'mailbox'] })).testMode).toEqual([
      'payments',
      'mailbox',
    ]);
    expect(readRuntimeConfig(docWith(base)).testMode).toEqual([]);
  });

  it('says nothing on a real deployment', async () => {
    const { container } = render(
      <I18nextProvider i18n={await i18nIn('en')}>
        <TestModeBanner parts={[]} />
      </I18nextProvider>,
    );
    expect(container.innerHTML).toBe('');
  });

  it('names each simulated part, in the visitor’s language', async () => {
    render(
      <I18nextProvider i18n={await i18nIn('en')}>
        <TestModeBanner parts={['payments', 'mailbox']} />
      </I18nextProvider>,
    );
    const banner = screen.getByRole('complementary', { name: 'Test mode' });
    expect(banner.textContent).toContain(enCommon.testMode.payments);
    expect(banner.textContent).toContain(enCommon.testMode.mailbox);
    cleanup();
    render(
      <I18nextProvider i18n={await i18nIn('ja')}>
        <TestModeBanner parts={['mailbox']} />
      </I18nextProvider>,
    );
    const ja = screen.getByRole('complementary', { name: jaCommon.testMode.label });
    expect(ja.textContent).toContain(jaCommon.testMode.mailbox);
    expect(ja.textContent).not.toContain(jaCommon.testMode.payments);
  });
});
