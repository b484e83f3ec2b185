import { buildHref, DEFAULT_EXAM_ID } from '@mindgauge/contract';
import { buildApp } from '../app';
import type { Env } from '../config/env';

export const OPERATOR_USAGE = `Usage: npm run operator:create -- --email <address> [--reset-second-factor]

Gives the account of <address> the operator role (making the account if it has none) and prints a one-time
sign-in link. The operator opens it, then the console, and sets up the authenticator app (TOTP) there.
--reset-second-factor forgets the operator's authenticator (a lost phone): the next sign-in enrols again.`;

/** `operator:create`: the first operator (and any later one) is made from the server's shell, never from the web. */
export async function operatorCommand(env: Env, args: string[]): Promise<number> {
  const at = args.indexOf('--email');
  const email = at >= 0 ? args[at + 1]?.trim().toLowerCase() : undefined;
  if (!email || !/^[^\s@]+@[^\s@]+$/.test(email)) {
    console.error(OPERATOR_USAGE);
    return 2;
  }
  const built = await buildApp({ env, logger: false });
  try {
    const account = await built.accounts.ensureAccount(email, 'en');
    const granted = await built.console.repo.grantOperator(account.id, built.deps.clock.now());
    if (args.includes('--reset-second-factor')) await built.console.repo.resetSecondFactor(account.id);
    const signIn = built.accounts.signInUrl(email, DEFAULT_EXAM_ID, 'en');
    const consoleUrl = new URL(buildHref('console'), env.PUBLIC_URL).toString();
    console.info(granted ? `${email} is now an operator.` : `${email} was already an operator.`);
    console.info(`One-time sign-in link (also proves the address):\n  ${signIn}`);
    console.info(`Then open the console and set up the authenticator app:\n  ${consoleUrl}`);
    return 0;
  } finally {
    await built.app.close();
  }
}
