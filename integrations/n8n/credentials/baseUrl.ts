import type { INodeProperties } from 'n8n-workflow';

/** Both credentials name the server: Worktop is self-hosted and white-labelled. */
export const baseUrlProperty: INodeProperties = {
	displayName: 'Base URL',
	name: 'baseUrl',
	type: 'string',
	default: '',
	required: true,
	placeholder: 'https://worktop.example.com',
	description: 'Where your Worktop answers, without /api',
};
