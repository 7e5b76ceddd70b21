import { TOTP_CODE_PATTERN } from '@km/contracts/vocabulary';
import { createHash, randomBytes } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';

/** RFC 6238's defaults, which every authenticator app uses: SHA-1, 6 digits, 30-second steps. */
export const TOTP_PERIOD_SECONDS = 30;

export type TotpCheck = { ok: true; step: number } | { ok: false; reason: 'wrong' | 'replayed' };

export const newTotpSecret = (): string => generateSecret();

export const totpUri = (issuer: string, account: string, secret: string): string => generateURI({ issuer, label: account, secret });

/** Digits only: people type "123 456" as the app shows it. */
export const normaliseTotpCode = (code: string): string => code.replace(/[\s-]/g, '');

/**
 * Checks a six-digit code against the secret, one step either side of now (a clock a little off, a code typed as it
 * rolled over). A code whose step is not after `lastStep` (the step of the last accepted code) is a replay: an
 * observed code cannot be used again, nor an older one.
 */
export async function checkTotp(secret: string, code: string, lastStep: number | null, nowMs = Date.now()): Promise<TotpCheck> {
  const token = normaliseTotpCode(code);
  if (!TOTP_CODE_PATTERN.test(token)) return { ok: false, reason: 'wrong' };
  const result = await verify({ secret, token, epoch: Math.floor(nowMs / 1000), epochTolerance: TOTP_PERIOD_SECONDS });
  // verify() answers HOTP's result type too; the TOTP one carries the step it matched.
  if (!result.valid || !('timeStep' in result)) return { ok: false, reason: 'wrong' };
  if (lastStep !== null && result.timeStep <= lastStep) return { ok: false, reason: 'replayed' };
  return { ok: true, step: result.timeStep };
}

export const RECOVERY_CODE_COUNT = 10;

/** Ten codes of 80 random bits each, shown once as xxxxx-xxxxx-xxxxx-xxxxx (hex: no letters to confuse). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => randomBytes(10).toString('hex').match(/.{5}/g)!.join('-'));
}

/**
 * What is stored of a recovery code. SHA-256 rather than argon2: with 80 random bits a code cannot be guessed from
 * its hash, and a fast hash lets one indexed lookup find and use it up atomically.
 */
export const hashRecoveryCode = (code: string): string =>
  createHash('sha256')
    .update(code.toLowerCase().replace(/[^0-9a-f]/g, ''))
    .digest('hex');

/** A recovery code as typed (any case, with or without dashes or spaces), as opposed to a six-digit TOTP code. */
export const looksLikeRecoveryCode = (code: string): boolean => /^[0-9a-f]{20}$/.test(code.toLowerCase().replace(/[\s-]/g, ''));
