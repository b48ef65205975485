// A counter per organization, bumped when its webhook secret changes in this process: caches of
// decrypted secrets compare it to the one they loaded under and read again when it moved, so a
// secret just set works at once without every failed check re-reading the database.

const versions = new Map<string, number>();

export function webhookSecretChanged(orgId: string): void {
  versions.set(orgId, (versions.get(orgId) ?? 0) + 1);
}

export const webhookSecretVersion = (orgId: string): number => versions.get(orgId) ?? 0;
