from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.crm_call_type_0 import CrmCallType0
    from ..models.crm_call_type_1 import CrmCallType1
    from ..models.crm_discussion_type_0 import CrmDiscussionType0
    from ..models.crm_discussion_type_1 import CrmDiscussionType1
    from ..models.crm_email_type_0 import CrmEmailType0
    from ..models.crm_email_type_1 import CrmEmailType1
    from ..models.crm_file_out_type_0 import CrmFileOutType0
    from ..models.crm_file_out_type_1 import CrmFileOutType1
    from ..models.crm_task_type_0 import CrmTaskType0
    from ..models.crm_task_type_1 import CrmTaskType1
    from ..models.label import Label
    from ..models.lead import Lead
    from ..models.pipeline import Pipeline
    from ..models.source import Source
    from ..models.stage import Stage


T = TypeVar("T", bound="LeadDetails")


@_attrs_define
class LeadDetails:
    """Answer of `POST /api/lead/lead-details`.

    Attributes:
        calls (list[CrmCallType0 | CrmCallType1]):
        discussions (list[CrmDiscussionType0 | CrmDiscussionType1]):
        emails (list[CrmEmailType0 | CrmEmailType1]):
        files (list[CrmFileOutType0 | CrmFileOutType1]):
        labels (list[Label]):
        lead (Lead): A prospect moving through a pipeline's lead stages.
        pipeline (Pipeline): A sales pipeline: leads and deals each move through its stages.
        sources (list[Source]):
        stage (Stage): A lead stage or a deal stage: a column of its pipeline's board, in `order`.
        tasks (list[CrmTaskType0 | CrmTaskType1]):
    """

    calls: list[CrmCallType0 | CrmCallType1]
    discussions: list[CrmDiscussionType0 | CrmDiscussionType1]
    emails: list[CrmEmailType0 | CrmEmailType1]
    files: list[CrmFileOutType0 | CrmFileOutType1]
    labels: list[Label]
    lead: Lead
    pipeline: Pipeline
    sources: list[Source]
    stage: Stage
    tasks: list[CrmTaskType0 | CrmTaskType1]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.crm_call_type_0 import CrmCallType0
        from ..models.crm_discussion_type_0 import CrmDiscussionType0
        from ..models.crm_email_type_0 import CrmEmailType0
        from ..models.crm_file_out_type_0 import CrmFileOutType0
        from ..models.crm_task_type_0 import CrmTaskType0

        calls = []
        for calls_item_data in self.calls:
            calls_item: dict[str, Any]
            if isinstance(calls_item_data, CrmCallType0):
                calls_item = calls_item_data.to_dict()
            else:
                calls_item = calls_item_data.to_dict()

            calls.append(calls_item)

        discussions = []
        for discussions_item_data in self.discussions:
            discussions_item: dict[str, Any]
            if isinstance(discussions_item_data, CrmDiscussionType0):
                discussions_item = discussions_item_data.to_dict()
            else:
                discussions_item = discussions_item_data.to_dict()

            discussions.append(discussions_item)

        emails = []
        for emails_item_data in self.emails:
            emails_item: dict[str, Any]
            if isinstance(emails_item_data, CrmEmailType0):
                emails_item = emails_item_data.to_dict()
            else:
                emails_item = emails_item_data.to_dict()

            emails.append(emails_item)

        files = []
        for files_item_data in self.files:
            files_item: dict[str, Any]
            if isinstance(files_item_data, CrmFileOutType0):
                files_item = files_item_data.to_dict()
            else:
                files_item = files_item_data.to_dict()

            files.append(files_item)

        labels = []
        for labels_item_data in self.labels:
            labels_item = labels_item_data.to_dict()
            labels.append(labels_item)

        lead = self.lead.to_dict()

        pipeline = self.pipeline.to_dict()

        sources = []
        for sources_item_data in self.sources:
            sources_item = sources_item_data.to_dict()
            sources.append(sources_item)

        stage = self.stage.to_dict()

        tasks = []
        for tasks_item_data in self.tasks:
            tasks_item: dict[str, Any]
            if isinstance(tasks_item_data, CrmTaskType0):
                tasks_item = tasks_item_data.to_dict()
            else:
                tasks_item = tasks_item_data.to_dict()

            tasks.append(tasks_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "calls": calls,
                "discussions": discussions,
                "emails": emails,
                "files": files,
                "labels": labels,
                "lead": lead,
                "pipeline": pipeline,
                "sources": sources,
                "stage": stage,
                "tasks": tasks,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.crm_call_type_0 import CrmCallType0
        from ..models.crm_call_type_1 import CrmCallType1
        from ..models.crm_discussion_type_0 import CrmDiscussionType0
        from ..models.crm_discussion_type_1 import CrmDiscussionType1
        from ..models.crm_email_type_0 import CrmEmailType0
        from ..models.crm_email_type_1 import CrmEmailType1
        from ..models.crm_file_out_type_0 import CrmFileOutType0
        from ..models.crm_file_out_type_1 import CrmFileOutType1
        from ..models.crm_task_type_0 import CrmTaskType0
        from ..models.crm_task_type_1 import CrmTaskType1
        from ..models.label import Label
        from ..models.lead import Lead
        from ..models.pipeline import Pipeline
        from ..models.source import Source
        from ..models.stage import Stage

        d = dict(src_dict)
        calls = []
        _calls = d.pop("calls")
        for calls_item_data in _calls:

            def _parse_calls_item(data: object) -> CrmCallType0 | CrmCallType1:
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_crm_call_type_0 = CrmCallType0.from_dict(data)

                    return componentsschemas_crm_call_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_crm_call_type_1 = CrmCallType1.from_dict(data)

                return componentsschemas_crm_call_type_1

            calls_item = _parse_calls_item(calls_item_data)

            calls.append(calls_item)

        discussions = []
        _discussions = d.pop("discussions")
        for discussions_item_data in _discussions:

            def _parse_discussions_item(
                data: object,
            ) -> CrmDiscussionType0 | CrmDiscussionType1:
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_crm_discussion_type_0 = (
                        CrmDiscussionType0.from_dict(data)
                    )

                    return componentsschemas_crm_discussion_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_crm_discussion_type_1 = CrmDiscussionType1.from_dict(
                    data
                )

                return componentsschemas_crm_discussion_type_1

            discussions_item = _parse_discussions_item(discussions_item_data)

            discussions.append(discussions_item)

        emails = []
        _emails = d.pop("emails")
        for emails_item_data in _emails:

            def _parse_emails_item(data: object) -> CrmEmailType0 | CrmEmailType1:
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_crm_email_type_0 = CrmEmailType0.from_dict(data)

                    return componentsschemas_crm_email_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_crm_email_type_1 = CrmEmailType1.from_dict(data)

                return componentsschemas_crm_email_type_1

            emails_item = _parse_emails_item(emails_item_data)

            emails.append(emails_item)

        files = []
        _files = d.pop("files")
        for files_item_data in _files:

            def _parse_files_item(data: object) -> CrmFileOutType0 | CrmFileOutType1:
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_crm_file_out_type_0 = CrmFileOutType0.from_dict(
                        data
                    )

                    return componentsschemas_crm_file_out_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_crm_file_out_type_1 = CrmFileOutType1.from_dict(data)

                return componentsschemas_crm_file_out_type_1

            files_item = _parse_files_item(files_item_data)

            files.append(files_item)

        labels = []
        _labels = d.pop("labels")
        for labels_item_data in _labels:
            labels_item = Label.from_dict(labels_item_data)

            labels.append(labels_item)

        lead = Lead.from_dict(d.pop("lead"))

        pipeline = Pipeline.from_dict(d.pop("pipeline"))

        sources = []
        _sources = d.pop("sources")
        for sources_item_data in _sources:
            sources_item = Source.from_dict(sources_item_data)

            sources.append(sources_item)

        stage = Stage.from_dict(d.pop("stage"))

        tasks = []
        _tasks = d.pop("tasks")
        for tasks_item_data in _tasks:

            def _parse_tasks_item(data: object) -> CrmTaskType0 | CrmTaskType1:
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_crm_task_type_0 = CrmTaskType0.from_dict(data)

                    return componentsschemas_crm_task_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_crm_task_type_1 = CrmTaskType1.from_dict(data)

                return componentsschemas_crm_task_type_1

            tasks_item = _parse_tasks_item(tasks_item_data)

            tasks.append(tasks_item)

        lead_details = cls(
            calls=calls,
            discussions=discussions,
            emails=emails,
            files=files,
            labels=labels,
            lead=lead,
            pipeline=pipeline,
            sources=sources,
            stage=stage,
            tasks=tasks,
        )

        lead_details.additional_properties = d
        return lead_details

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
