import { describe, expect, it } from 'vitest';
import os from 'node:os';
import { ConfigError, loadConfig } from './config';

const base = { DATA_DIR: os.tmpdir(), SESSION_SECRET: 'test-secret-test-secret-test-secret-0123' };
const refusal = (env: Record<string, string>) => {
  try {
    loadConfig({ ...base, ...env });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected start-up to be refused');
};

describe('payments fail closed', () => {
  it('STRIPE_SECRET_KEY without STRIPE_WEBHOOK_SECRET stops start-up with one line naming the setting, not the key', () => {
    const message = refusal({ STRIPE_SECRET_KEY: 'sk_live_very_secret_value' });
    expect(message).toMatch(/^Invalid configuration: STRIPE_WEBHOOK_SECRET must be set when STRIPE_SECRET_KEY is/);
    expect(message).not.toContain('\n');
    expect(message).not.toContain('sk_live_very_secret_value');
  });

  it('an https PUBLIC_URL without a Stripe key refuses to start unless PAYMENTS=test says test mode is meant', () => {
    const message = refusal({ PUBLIC_URL: 'https://signatures.example.com' });
    expect(message).toContain('STRIPE_SECRET_KEY is not set while PUBLIC_URL is https');
    expect(message).toContain('PAYMENTS=test');
    expect(loadConfig({ ...base, PUBLIC_URL: 'https://signatures.example.com', PAYMENTS: 'test' }).payments).toBe(
      'test',
    );
  });

  it('an http PUBLIC_URL (trying it locally) keeps the test payment page as the default', () => {
    expect(loadConfig({ ...base, PUBLIC_URL: 'http://localhost:5000' }).payments).toBe('test');
    expect(loadConfig({ ...base }).payments).toBe('test');
  });

  it('Stripe with both settings runs Stripe; PAYMENTS must agree with the key', () => {
    const stripe = {
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      PUBLIC_URL: 'https://signatures.example.com',
    };
    expect(loadConfig({ ...base, ...stripe }).payments).toBe('stripe');
    expect(refusal({ ...stripe, PAYMENTS: 'test' })).toBe(
      'Invalid configuration: PAYMENTS is test but STRIPE_SECRET_KEY is set; unset one of them',
    );
    expect(refusal({ PAYMENTS: 'stripe' })).toBe(
      'Invalid configuration: PAYMENTS is stripe but STRIPE_SECRET_KEY is not set',
    );
    expect(refusal({ PAYMENTS: 'sometimes' })).toBe(
      'Invalid configuration: PAYMENTS must be test or stripe (got "sometimes")',
    );
  });

  it('never echoes a secret value in a configuration error', () => {
    const message = refusal({ SESSION_SECRET: 'short-secret' });
    expect(message).toBe(
      'Invalid configuration: SESSION_SECRET must be at least 32 characters (the value is not shown)',
    );
    expect(refusal({ DATABASE_URL: 'mysql://user:hunter2@db' })).not.toContain('hunter2');
  });
});
