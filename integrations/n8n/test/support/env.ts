import { readFileSync } from 'fs';

/** What check.sh hands the suite: addresses in the environment, secrets in 0600 files. */
function required(name: string): string {
	const value = process.env[name];
	if (!value) throw new Error(`${name} is not set: run the suite through integrations/n8n/check.sh`);
	return value;
}

export const worktopUrl = required('BASE_URL').replace(/\/+$/, '');
export const n8nUrl = required('N8N_URL').replace(/\/+$/, '');
const secrets = required('SECRETS');

/** The Worktop API key the suite was given. */
export const worktopKey = readFileSync(`${secrets}.worktop-key`, 'utf8').trim();

/** The n8n owner and its public-API key, written by setupN8n. */
export interface N8nAccess {
	email: string;
	password: string;
	apiKey: string;
}

export function n8nAccess(): N8nAccess {
	return JSON.parse(readFileSync(`${secrets}.n8n.json`, 'utf8')) as N8nAccess;
}

export const n8nAccessFile = `${secrets}.n8n.json`;

/** A tag unique to this run, so records made by earlier runs never match a filter. */
export const runTag = `n8n${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
