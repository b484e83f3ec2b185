import type { Page } from 'playwright-core';

export interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
  height: number;
}

/**
 * Where the question screen's parts are, as the page lays them out: the viewport and the page's overflow, the
 * shown puzzle's area, matrix and options, the status line, the sticky NEXT bar and the site's header; every
 * element that shows text of its own (to find text that runs to the edge) and the NEXT bar's buttons whose
 * label does not fit.
 */
export function questionLayout(page: Page) {
  return page.evaluate(() => {
    const box = (el: Element) => {
      const r = el.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: r.height };
    };
    const pane = document.querySelector('.question-pane:not([hidden])') as HTMLElement;
    return {
      viewport: { width: window.innerWidth, height: window.innerHeight },
      scrollY: window.scrollY,
      overflowY: document.documentElement.scrollHeight - window.innerHeight,
      overflowX: document.documentElement.scrollWidth - window.innerWidth,
      stage: box(document.querySelector('.question-stage') as Element),
      options: [...pane.querySelectorAll('[role=radio]')].map(box),
      matrix: box(pane.querySelector('.matrix') as Element),
      nav: box(document.querySelector('.test-nav') as Element),
      status: box(document.querySelector('.test-screen__status') as Element),
      headerDisplay: getComputedStyle(document.querySelector('.site-header') as Element).display,
      texts: [...document.querySelectorAll('.test-screen *')]
        .filter(
          (el) =>
            el instanceof HTMLElement &&
            el.offsetParent !== null &&
            el.getBoundingClientRect().width > 1 &&
            [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim()),
        )
        .map((el) => ({ text: el.textContent?.trim() ?? '', ...box(el) })),
      // Buttons whose label is wider than the button, or broken inside a word (more lines than words).
      cramped: [...document.querySelectorAll('.test-nav .button')]
        .filter((el) => {
          const range = document.createRange();
          range.selectNodeContents(el);
          const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
          const text = (el.textContent ?? '').trim();
          // Han, Kana and Hangul may wrap between any two characters.
          const words = /[\u3040-\u9fff\uac00-\ud7af]/.test(text) ? text.length : text.split(/\s+/).length;
          return el.scrollWidth > el.clientWidth + 1 || lines > words;
        })
        .map((el) => el.textContent),
    };
  });
}
