import { LIMITS, ZEmail } from '@mindgauge/contract';
import { Field } from './field';

/**
 * The spec's e-mail rules (section 5), as a `common` key: required ("Please input email address"), then well
 * formed ("Please input correct email address"); undefined when valid. Well formed is the contract's `ZEmail`,
 * the rule every endpoint taking an address checks.
 */
export function emailErrorKey(value: string): 'validation.emailRequired' | 'validation.emailInvalid' | undefined {
  const v = value.trim();
  if (!v) return 'validation.emailRequired';
  return ZEmail.safeParse(v).success ? undefined : 'validation.emailInvalid';
}

/** An e-mail input with the keyboard, autofill and length every e-mail field here needs. */
export function EmailField(props: {
  label: string;
  name?: string;
  hint?: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
}) {
  return (
    <Field
      name="email"
      {...props}
      type="email"
      autoComplete="email"
      inputMode="email"
      maxLength={LIMITS.emailMax}
      required
    />
  );
}
