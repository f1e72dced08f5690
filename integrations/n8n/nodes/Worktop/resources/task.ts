import type { INodeProperties } from 'n8n-workflow';

import {
	bodyChoice,
	bodyField,
	IDS,
	idempotencyKeyField,
	idInPath,
	recordId,
	showFor,
	versionField,
} from '../shared/fields';
import { filters, listRouting, returnAllAndLimit, searchFilter } from '../shared/list';

// A project's tasks. Creating and listing name the project in the path; the update goes through
// the lite module's upsert (same records), which takes the task's id alone and checks `version`.

const taskFields = (): INodeProperties[] => [
	bodyField('Description', 'description', 'string'),
	bodyChoice('Priority', 'priority', ['high', 'medium', 'low'], 'medium'),
	bodyField('Start Date', 'start_date', 'dateTime'),
	bodyField('Due Date', 'due_date', 'dateTime', { description: 'Not before the start date' }),
	bodyField('Stage ID', 'stage_id', 'number', { description: 'A task stage; defaults to the first' }),
	bodyField('Milestone ID', 'milestone_id', 'number', { description: 'A milestone of the project' }),
	bodyField('Assignee User IDs', 'assigned_to', 'string', {
		description: 'Comma-separated: members of the project',
		value: IDS,
	}),
];

const projectId: INodeProperties = {
	displayName: 'Project ID',
	name: 'projectId',
	type: 'string',
	required: true,
	default: '',
	placeholder: '7',
	displayOptions: showFor('task', ['create', 'getAll']),
	description: 'The project the task belongs to',
};

export const taskProperties: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['task'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				action: 'Create a task',
				routing: {
					request: {
						method: 'POST',
						url: `=/api/project/${idInPath('projectId')}/task/create`,
					},
				},
			},
			{
				name: 'Get',
				value: 'get',
				action: 'Get a task',
				description: 'Get a task with its subtasks and comments',
				routing: {
					request: { method: 'GET', url: `=/api/project/task/show/${idInPath('taskId')}` },
				},
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many tasks',
				description: "List a project's tasks, or find them by words of their title",
				routing: listRouting(`=/api/lite/projects/${idInPath('projectId')}/tasks`),
			},
			{
				name: 'Update',
				value: 'update',
				action: 'Update a task',
				routing: {
					request: {
						method: 'POST',
						url: '/api/lite/task-create-update',
						body: { id: '={{ Number($parameter.taskId) }}' },
					},
				},
			},
		],
		default: 'create',
	},
	projectId,
	recordId('taskId', 'Task ID', 'task', ['get', 'update']),
	{
		...bodyField('Title', 'title', 'string', { required: true }),
		displayOptions: showFor('task', ['create']),
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: showFor('task', ['create']),
		options: [...taskFields(), idempotencyKeyField()],
	},
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: showFor('task', ['update']),
		options: [bodyField('Title', 'title', 'string'), ...taskFields(), versionField()],
	},
	...returnAllAndLimit('task'),
	filters('task', [searchFilter('title')], ['title', 'due_date']),
];
