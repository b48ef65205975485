// The payment service's API keys carry readable prefixes (a sandbox firm key starts
// `f_secret_sandbox_`, a partner's `p_secret_sandbox_`): what the settings card warns about when
// production is switched on with one.

/** Whether a key is one of the payment service's sandbox keys. */
export const isSandboxKey = (key: string) => /^[a-z]+_secret_sandbox_/.test(key);
