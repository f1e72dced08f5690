// Writes this folder's OpenAPI fixtures: base.json (a small API of four operations) and one
// document per kind of change, each base.json with that one change. Run again after editing it:
// `node infra/contract/test/make_fixtures.js` (test.sh reads the committed JSON files).
"use strict";
const fs = require("fs");
const path = require("path");

const error = { $ref: "#/components/responses/Error" };
const base = {
  openapi: "3.0.3",
  info: { title: "Things (contract check fixture)", version: "1.0.0" },
  paths: {
    "/api/things": {
      get: {
        operationId: "listThings",
        parameters: [
          {
            name: "sort",
            in: "query",
            required: false,
            schema: { type: "string", enum: ["name", "-name", "created_at", "-created_at"] },
          },
        ],
        responses: {
          200: {
            description: "OK",
            content: { "application/json": { schema: { $ref: "#/components/schemas/ThingList" } } },
          },
          401: error,
        },
      },
      post: {
        operationId: "createThing",
        requestBody: {
          required: true,
          content: { "application/json": { schema: { $ref: "#/components/schemas/ThingIn" } } },
        },
        responses: {
          201: {
            description: "Created",
            content: { "application/json": { schema: { $ref: "#/components/schemas/Thing" } } },
          },
          422: error,
        },
      },
    },
    "/api/things/{id}": {
      parameters: [{ name: "id", in: "path", required: true, schema: { type: "integer" } }],
      get: {
        operationId: "getThing",
        responses: {
          200: {
            description: "OK",
            content: { "application/json": { schema: { $ref: "#/components/schemas/Thing" } } },
          },
          404: error,
        },
      },
      delete: {
        operationId: "deleteThing",
        responses: { 204: { description: "Deleted" }, 404: error },
      },
    },
  },
  components: {
    responses: {
      Error: {
        description: "An error",
        content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
      },
    },
    schemas: {
      Error: {
        type: "object",
        properties: { message: { type: "string" }, code: { type: "string" } },
        required: ["message", "code"],
      },
      Thing: {
        type: "object",
        properties: {
          id: { type: "integer" },
          name: { type: "string" },
          status: { type: "string", enum: ["active", "archived"] },
          description: { type: "string", nullable: true, description: "What the thing is for." },
          created_at: { type: "string" },
        },
        required: ["id", "name", "status", "created_at"],
      },
      ThingIn: {
        type: "object",
        properties: { name: { type: "string" }, note: { type: "string", nullable: true } },
        required: ["name"],
      },
      ThingList: {
        type: "object",
        properties: {
          data: { type: "array", items: { $ref: "#/components/schemas/Thing" } },
          meta: { type: "object", properties: { total: { type: "integer" } } },
        },
        required: ["data", "meta"],
      },
    },
  },
};

const variants = {
  base: () => {},
  // Breaking: a field every answer with a Thing had (listThings, createThing, getThing).
  "removed-response-field": (d) => {
    delete d.components.schemas.Thing.properties.created_at;
    d.components.schemas.Thing.required = ["id", "name", "status"];
  },
  // Breaking: createThing's body needs a field old clients do not send.
  "new-required-request-field": (d) => {
    d.components.schemas.ThingIn.properties.owner_id = { type: "integer" };
    d.components.schemas.ThingIn.required = ["name", "owner_id"];
  },
  // Breaking: deleteThing is gone.
  "removed-operation": (d) => {
    delete d.paths["/api/things/{id}"].delete;
  },
  // Breaking: listThings's `sort` no longer takes -created_at.
  "narrowed-enum": (d) => {
    d.paths["/api/things"].get.parameters[0].schema.enum = ["name", "-name", "created_at"];
  },
  // Breaking: createThing's `note` was a string and is now an integer.
  "changed-type": (d) => {
    d.components.schemas.ThingIn.properties.note = { type: "integer", nullable: true };
  },
  // Breaking: createThing answers 200, not 201.
  "changed-status": (d) => {
    const r = d.paths["/api/things"].post.responses;
    r[200] = { ...r[201], description: "OK" };
    delete r[201];
  },
  // Breaking: a response field named like a keyword (the cut to changed operations leaves prose
  // out of its comparison, but not a property called `description`).
  "removed-field-named-description": (d) => {
    delete d.components.schemas.Thing.properties.description;
  },
  // Not breaking: only words for people changed (descriptions, a summary, an example).
  "changed-prose": (d) => {
    d.paths["/api/things"].get.summary = "List things";
    d.paths["/api/things"].get.parameters[0].description = "A field, `-` first for descending.";
    d.components.schemas.Thing.properties.description.description = "What it is for.";
    d.components.responses.Error.description = "An error, with a code";
    d.paths["/api/things"].post.requestBody.content["application/json"].example = { name: "x" };
  },
  // Not breaking: an optional request field and a new response field.
  "added-optional-field": (d) => {
    d.components.schemas.ThingIn.properties.colour = { type: "string", nullable: true };
    d.components.schemas.Thing.properties.colour = { type: "string", nullable: true };
  },
  // Not breaking: a new operation.
  "added-operation": (d) => {
    d.paths["/api/things/{id}"].patch = {
      operationId: "updateThing",
      requestBody: {
        required: true,
        content: { "application/json": { schema: { $ref: "#/components/schemas/ThingIn" } } },
      },
      responses: {
        200: {
          description: "OK",
          content: { "application/json": { schema: { $ref: "#/components/schemas/Thing" } } },
        },
        404: error,
      },
    };
  },
};

for (const [name, change] of Object.entries(variants)) {
  const doc = JSON.parse(JSON.stringify(base));
  change(doc);
  fs.writeFileSync(path.join(__dirname, `${name}.json`), `${JSON.stringify(doc, null, 2)}\n`);
}
