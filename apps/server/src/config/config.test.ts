import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findUp } from '../paths.ts';
import { ConfigError, janusUrlsOf, loadConfig } from './config.ts';
import { renderEnvExample } from './env-example.ts';

describe('loadConfig', () => {
  it('applies the embedded defaults', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(8080);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.allowedOrigins).toEqual([
      'http://localhost:8080',
      'http://127.0.0.1:8080',
      'http://[::1]:8080',
    ]);
    expect(config.SEED_DEMO).toBe(true);
  });

  it('names every bad variable in one error', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'http://db.example',
        LOG_LEVEL: 'loud',
        SEED_DEMO: 'maybe',
      });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    for (const name of ['PORT', 'DATABASE_URL', 'LOG_LEVEL', 'SEED_DEMO']) {
      expect(message).toContain(`${name}=`);
    }
    expect((error as ConfigError).problems).toHaveLength(4);
  });

  it('treats empty strings as unset and normalises origins', () => {
    const config = loadConfig({
      PORT: '',
      PUBLIC_URL: 'https://campus.example.org/',
      ALLOWED_ORIGINS: 'https://a.example.org/path, http://b.example.org:8000',
    });
    expect(config.PORT).toBe(8080);
    expect(config.publicUrl).toBe('https://campus.example.org');
    expect(config.allowedOrigins).toEqual([
      'https://campus.example.org',
      'https://a.example.org',
      'http://b.example.org:8000',
    ]);
  });

  it('takes an external Janus by its WebSocket URL only', () => {
    const config = loadConfig({
      JANUS_URL: 'ws://janus:8188',
      JANUS_API_SECRET: 'api-secret',
      JANUS_ADMIN_KEY: 'admin-key',
    });
    expect(config.JANUS_URL).toBe('ws://janus:8188');
    expect(config.JANUS_API_SECRET).toBe('api-secret');
    expect(config.JANUS_ADMIN_KEY).toBe('admin-key');
    expect(loadConfig({}).JANUS_URL).toBeUndefined();
    // janode speaks WebSocket; Janus's HTTP transport address is a mistake worth naming.
    expect(() => loadConfig({ JANUS_URL: 'http://janus:8088/janus' })).toThrow(/JANUS_URL=/);
  });

  it('takes several Janus servers (JANUS_URLS), JANUS_URL counting as one of them', () => {
    const both = loadConfig({
      JANUS_URL: 'ws://janus-1:8188',
      JANUS_URLS: 'ws://janus-2:8188, wss://janus-3.example.org ,ws://janus-1:8188',
    });
    expect(both.JANUS_URLS).toEqual([
      'ws://janus-2:8188',
      'wss://janus-3.example.org',
      'ws://janus-1:8188',
    ]);
    // JANUS_URL first, each server once.
    expect(janusUrlsOf(both)).toEqual([
      'ws://janus-1:8188',
      'ws://janus-2:8188',
      'wss://janus-3.example.org',
    ]);
    expect(janusUrlsOf(loadConfig({ JANUS_URL: 'ws://janus:8188' }))).toEqual(['ws://janus:8188']);
    expect(janusUrlsOf(loadConfig({ JANUS_URLS: 'ws://a:1,ws://b:2' }))).toEqual([
      'ws://a:1',
      'ws://b:2',
    ]);
    expect(loadConfig({}).JANUS_URLS).toEqual([]);
    expect(janusUrlsOf(loadConfig({}))).toEqual([]);
    expect(() => loadConfig({ JANUS_URLS: 'ws://a:1,http://janus:8088/janus' })).toThrow(
      /JANUS_URLS=/,
    );
  });

  it('runs the local chain by default and names what a remote chain lacks', () => {
    expect(loadConfig({}).WALLET).toBe('local');
    expect(loadConfig({ WALLET: 'off' }).WALLET).toBe('off');
    let error: unknown;
    try {
      loadConfig({ WALLET: 'remote', CHAIN_RPC_URL: 'https://rpc-amoy.polygon.technology' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      'CHAIN_ID="": must be set when WALLET=remote',
      'CHAIN_CONTRACT_ADDRESS="": must be set when WALLET=remote',
    ]);
    const remote = loadConfig({
      WALLET: 'remote',
      CHAIN_RPC_URL: 'https://rpc-amoy.polygon.technology',
      CHAIN_ID: '80002',
      CHAIN_CONTRACT_ADDRESS: '0x' + 'ab'.repeat(20),
    });
    expect(remote.CHAIN_ID).toBe(80002);
    expect(() => loadConfig({ WALLET: 'remote', CHAIN_CONTRACT_ADDRESS: '0x12' })).toThrow(
      /CHAIN_CONTRACT_ADDRESS=/,
    );
    expect(() => loadConfig({ WALLET: 'mainnet' })).toThrow(/WALLET=/);
  });

  it('refuses a non-http origin', () => {
    expect(() => loadConfig({ ALLOWED_ORIGINS: 'javascript:alert(1)' })).toThrow(/ALLOWED_ORIGINS/);
  });
});

describe('.env.example', () => {
  it('matches the config schema (run `npm run env:example` after changing the schema)', async () => {
    const file = findUp('.env.example');
    expect(file, '.env.example is missing').toBeDefined();
    expect(await readFile(file as string, 'utf8')).toBe(renderEnvExample());
  });
});
