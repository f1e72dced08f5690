import type {
	IAuthenticateGeneric,
	Icon,
	ICredentialTestRequest,
	ICredentialType,
	INodeProperties,
} from 'n8n-workflow';

import { baseUrlProperty } from './baseUrl';

/** An API key (`wt_live_...`, or `wt_test_...` for the sandbox) sent as a bearer token. */
export class WorktopApi implements ICredentialType {
	name = 'worktopApi';

	displayName = 'Worktop API';

	icon: Icon = 'file:../icons/worktop.svg';

	documentationUrl = 'https://www.npmjs.com/package/n8n-nodes-worktop#api-key';

	properties: INodeProperties[] = [
		baseUrlProperty,
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			placeholder: 'wt_live_...',
			description:
				'A key made under Settings → API keys in Worktop. A wt_test_ key reaches the sandbox only.',
		},
	];

	authenticate: IAuthenticateGeneric = {
		type: 'generic',
		properties: {
			headers: {
				Authorization: '=Bearer {{$credentials.apiKey}}',
			},
		},
	};

	// The caller's own account: any working key may read it (account.read).
	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{$credentials.baseUrl.replace(/\\/+$/, "")}}',
			url: '/api/user',
			method: 'GET',
		},
	};
}
