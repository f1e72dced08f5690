import type { Icon, ICredentialType, INodeProperties } from 'n8n-workflow';

import { baseUrlProperty } from './baseUrl';

// Everything the Worktop node and trigger touch, in Worktop's key spelling. Hidden: n8n sends a
// community credential's default scope whatever is stored (only its own generic OAuth2
// credentials have an editable scope), so the OAuth app must be registered with all of these.
const SCOPES = [
	'account.read',
	'crm.read',
	'crm.write',
	'accounting.read',
	'accounting.write',
	'sales.read',
	'sales.write',
	'projects.read',
	'projects.write',
	'support.read',
	'support.write',
	'webhooks.read',
	'webhooks.write',
].join(' ');

const serverUrl = '{{$self["baseUrl"].replace(/\\/+$/, "")}}';

/**
 * OAuth 2.0 through Worktop's own authorization server: the authorization code grant with PKCE
 * (S256), the client authenticating with HTTP Basic at the token endpoint.
 */
export class WorktopOAuth2Api implements ICredentialType {
	name = 'worktopOAuth2Api';

	extends = ['oAuth2Api'];

	displayName = 'Worktop OAuth2 API';

	icon: Icon = 'file:../icons/worktop.svg';

	documentationUrl = 'https://www.npmjs.com/package/n8n-nodes-worktop#oauth-20';

	properties: INodeProperties[] = [
		baseUrlProperty,
		{
			displayName: 'Grant Type',
			name: 'grantType',
			type: 'hidden',
			default: 'pkce',
		},
		{
			displayName: 'Authorization URL',
			name: 'authUrl',
			type: 'hidden',
			default: `=${serverUrl}/api/oauth/authorize`,
			required: true,
		},
		{
			displayName: 'Access Token URL',
			name: 'accessTokenUrl',
			type: 'hidden',
			default: `=${serverUrl}/api/oauth/token`,
			required: true,
		},
		{
			displayName: 'Scope',
			name: 'scope',
			type: 'hidden',
			default: SCOPES,
		},
		{
			displayName: 'Auth URI Query Parameters',
			name: 'authQueryParameters',
			type: 'hidden',
			default: '',
		},
		{
			displayName: 'Authentication',
			name: 'authentication',
			type: 'hidden',
			default: 'header',
		},
	];
}
