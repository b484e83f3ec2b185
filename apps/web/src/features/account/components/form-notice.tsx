import { forwardRef } from 'react';

/** The outcome of a form, announced to screen readers (focus moves here after a submit). */
export const FormNotice = forwardRef<
  HTMLDivElement,
  { kind?: 'success' | 'error' | undefined; children?: React.ReactNode }
>(function FormNotice({ kind, children }, ref) {
  return (
    <div ref={ref} tabIndex={-1} role={kind === 'error' ? 'alert' : 'status'} className="account-notice">
      {children ? (
        <p className={`notice ${kind === 'error' ? 'notice--error' : 'notice--success'}`}>{children}</p>
      ) : null}
    </div>
  );
});
