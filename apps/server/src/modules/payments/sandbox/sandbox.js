// The sandbox processor's frame script: reports the outcome and the frame's height to the merchant page.
// It never sends card data anywhere but to the processor's own form endpoint (a normal form post).
(() => {
  const body = document.body;
  const post = (message) => {
    if (window.parent !== window) window.parent.postMessage({ source: 'mindgauge-sandbox', ...message }, '*');
  };
  const status = body.getAttribute('data-status');
  if (status) post({ status, failureCode: body.getAttribute('data-failure') || null });
  const resize = () => post({ type: 'resize', height: document.documentElement.scrollHeight });
  resize();
  window.addEventListener('resize', resize);
  document.addEventListener('toggle', resize, true);
  const number = document.getElementById('number');
  if (number) {
    // Groups of four, as printed on the card.
    number.addEventListener('input', () => {
      const digits = number.value.replace(/\D/g, '').slice(0, 19);
      number.value = digits.replace(/(\d{4})(?=\d)/g, '$1 ');
    });
  }
  const expiry = document.getElementById('expiry');
  if (expiry) {
    expiry.addEventListener('input', (ev) => {
      const digits = expiry.value.replace(/\D/g, '').slice(0, 4);
      expiry.value =
        digits.length > 2 || (digits.length === 2 && ev.inputType !== 'deleteContentBackward')
          ? `${digits.slice(0, 2)}/${digits.slice(2)}`
          : digits;
    });
  }
  const invalid = document.querySelector('[aria-invalid="true"]');
  if (invalid) invalid.focus();
  for (const form of document.querySelectorAll('form')) {
    form.addEventListener('submit', () => {
      for (const b of form.querySelectorAll('button')) b.setAttribute('aria-busy', 'true');
    });
  }
})();
