import { hash, verify } from '@node-rs/argon2';

/** Argon2id (memory-hard) with OWASP's minimum parameters: 19 MiB, 2 iterations, 1 lane. */
const options = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, options);

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  if (!stored.startsWith('$argon2')) return false;
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** A valid hash of a random password, used to spend the same time when an account does not exist. */
let decoy: Promise<string> | undefined;
export const decoyHash = () => (decoy ??= hashPassword(`decoy-${Math.random()}`));
