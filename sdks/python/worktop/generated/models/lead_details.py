from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.crm_call import CrmCall
    from ..models.crm_discussion import CrmDiscussion
    from ..models.crm_email import CrmEmail
    from ..models.crm_file_out import CrmFileOut
    from ..models.crm_task import CrmTask
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
        calls (list[CrmCall]):
        discussions (list[CrmDiscussion]):
        emails (list[CrmEmail]):
        files (list[CrmFileOut]):
        labels (list[Label]):
        lead (Lead): A prospect moving through a pipeline's lead stages.
        pipeline (Pipeline): A sales pipeline: leads and deals each move through its stages.
        sources (list[Source]):
        stage (Stage): A lead stage or a deal stage: a column of its pipeline's board, in `order`.
        tasks (list[CrmTask]):
    """

    calls: list[CrmCall]
    discussions: list[CrmDiscussion]
    emails: list[CrmEmail]
    files: list[CrmFileOut]
    labels: list[Label]
    lead: Lead
    pipeline: Pipeline
    sources: list[Source]
    stage: Stage
    tasks: list[CrmTask]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        calls = []
        for calls_item_data in self.calls:
            calls_item = calls_item_data.to_dict()
            calls.append(calls_item)

        discussions = []
        for discussions_item_data in self.discussions:
            discussions_item = discussions_item_data.to_dict()
            discussions.append(discussions_item)

        emails = []
        for emails_item_data in self.emails:
            emails_item = emails_item_data.to_dict()
            emails.append(emails_item)

        files = []
        for files_item_data in self.files:
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
        from ..models.crm_call import CrmCall
        from ..models.crm_discussion import CrmDiscussion
        from ..models.crm_email import CrmEmail
        from ..models.crm_file_out import CrmFileOut
        from ..models.crm_task import CrmTask
        from ..models.label import Label
        from ..models.lead import Lead
        from ..models.pipeline import Pipeline
        from ..models.source import Source
        from ..models.stage import Stage

        d = dict(src_dict)
        calls = []
        _calls = d.pop("calls")
        for calls_item_data in _calls:
            calls_item = CrmCall.from_dict(calls_item_data)

            calls.append(calls_item)

        discussions = []
        _discussions = d.pop("discussions")
        for discussions_item_data in _discussions:
            discussions_item = CrmDiscussion.from_dict(discussions_item_data)

            discussions.append(discussions_item)

        emails = []
        _emails = d.pop("emails")
        for emails_item_data in _emails:
            emails_item = CrmEmail.from_dict(emails_item_data)

            emails.append(emails_item)

        files = []
        _files = d.pop("files")
        for files_item_data in _files:
            files_item = CrmFileOut.from_dict(files_item_data)

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
            tasks_item = CrmTask.from_dict(tasks_item_data)

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
