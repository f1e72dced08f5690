import type { INodeCredentialDescription, INodeProperties } from 'n8n-workflow';

/** The server's address from whichever credential the node uses, without a trailing slash. */
export const serverUrl = '={{$credentials.baseUrl.replace(/\\/+$/, "")}}';

/** API key or OAuth 2.0: the same requests either way. */
export const authenticationProperty: INodeProperties = {
	displayName: 'Authentication',
	name: 'authentication',
	type: 'options',
	options: [
		{ name: 'API Key', value: 'apiKey' },
		{ name: 'OAuth2', value: 'oAuth2' },
	],
	default: 'apiKey',
};

export const credentialChoices: INodeCredentialDescription[] = [
	{
		name: 'worktopApi',
		required: true,
		displayOptions: { show: { authentication: ['apiKey'] } },
	},
	{
		name: 'worktopOAuth2Api',
		required: true,
		displayOptions: { show: { authentication: ['oAuth2'] } },
	},
];
