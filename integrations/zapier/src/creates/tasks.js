'use strict';

// Create and update a project's task (/api/project/{id}/task/create, .../task/update/{task_id}).
// Adding assignees sends task.assigned for each user added.

const { callApi } = require('../api');
const { buildBody, recordId } = require('../inputs');
const samples = require('../samples');

const FIELDS = {
  title: 'string',
  description: 'string',
  priority: 'string',
  stage_id: 'id',
  start_date: 'date',
  due_date: 'date',
  assigned_to: 'idList',
};

const inputs = ({ forUpdate }) => [
  { key: 'project_id', label: 'Project', type: 'integer', required: true, dynamic: 'project_list.id.name' },
  ...(forUpdate ? [{ key: 'task_id', label: 'Task ID', type: 'integer', required: true }] : []),
  { key: 'title', label: 'Title', required: !forUpdate },
  { key: 'description', label: 'Description', type: 'text' },
  { key: 'priority', label: 'Priority', choices: ['low', 'medium', 'high'], ...(forUpdate ? {} : { helpText: 'Defaults to medium.' }) },
  { key: 'stage_id', label: 'Stage', dynamic: 'task_stage_list.id.name', ...(forUpdate ? { helpText: 'Moves the task.' } : { helpText: 'Defaults to the first stage.' }) },
  { key: 'start_date', label: 'Start date', type: 'datetime' },
  { key: 'due_date', label: 'Due date', type: 'datetime' },
  {
    key: 'assigned_to',
    label: 'Assignees',
    dynamic: 'user_list.id.name',
    list: true,
    helpText: 'Members of the project.' + (forUpdate ? ' Replaces the assignees.' : ''),
  },
];

const createTask = {
  key: 'create_task',
  noun: 'Task',
  display: { label: 'Create Task', description: 'Creates a task in a project.' },
  operation: {
    inputFields: inputs({ forUpdate: false }),
    perform: async (z, bundle) =>
      callApi(z, bundle, {
        method: 'POST',
        path: `/api/project/${recordId(bundle.inputData, 'project_id')}/task/create`,
        body: await buildBody(z, bundle, FIELDS),
      }),
    sample: samples.task,
  },
};

const updateTask = {
  key: 'update_task',
  noun: 'Task',
  display: { label: 'Update Task', description: 'Changes a task (its stage, assignees, dates, ...): only the fields you fill in.' },
  operation: {
    inputFields: inputs({ forUpdate: true }),
    perform: async (z, bundle) => {
      const projectId = recordId(bundle.inputData, 'project_id');
      const taskId = recordId(bundle.inputData, 'task_id');
      return callApi(z, bundle, {
        method: 'POST',
        path: `/api/project/${projectId}/task/update/${taskId}`,
        body: await buildBody(z, bundle, FIELDS),
      });
    },
    sample: samples.task,
  },
};

module.exports = { [createTask.key]: createTask, [updateTask.key]: updateTask };
