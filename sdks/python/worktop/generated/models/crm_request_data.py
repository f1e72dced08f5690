from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.label import Label
    from ..models.pipeline_stages import PipelineStages
    from ..models.source import Source
    from ..models.user_option import UserOption


T = TypeVar("T", bound="CrmRequestData")


@_attrs_define
class CrmRequestData:
    """Answer of `GET /api/lead/get-request-data`: every option list the lead and deal forms need.

    Attributes:
        call_types (list[str]):
        clients (list[UserOption]):
        deal_statuses (list[str]):
        labels (list[Label]):
        pipelines (list[PipelineStages]):
        sources (list[Source]):
        task_priorities (list[str]):
        task_statuses (list[str]):
        users (list[UserOption]):
    """

    call_types: list[str]
    clients: list[UserOption]
    deal_statuses: list[str]
    labels: list[Label]
    pipelines: list[PipelineStages]
    sources: list[Source]
    task_priorities: list[str]
    task_statuses: list[str]
    users: list[UserOption]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        call_types = self.call_types

        clients = []
        for clients_item_data in self.clients:
            clients_item = clients_item_data.to_dict()
            clients.append(clients_item)

        deal_statuses = self.deal_statuses

        labels = []
        for labels_item_data in self.labels:
            labels_item = labels_item_data.to_dict()
            labels.append(labels_item)

        pipelines = []
        for pipelines_item_data in self.pipelines:
            pipelines_item = pipelines_item_data.to_dict()
            pipelines.append(pipelines_item)

        sources = []
        for sources_item_data in self.sources:
            sources_item = sources_item_data.to_dict()
            sources.append(sources_item)

        task_priorities = self.task_priorities

        task_statuses = self.task_statuses

        users = []
        for users_item_data in self.users:
            users_item = users_item_data.to_dict()
            users.append(users_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "call_types": call_types,
                "clients": clients,
                "deal_statuses": deal_statuses,
                "labels": labels,
                "pipelines": pipelines,
                "sources": sources,
                "task_priorities": task_priorities,
                "task_statuses": task_statuses,
                "users": users,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.label import Label
        from ..models.pipeline_stages import PipelineStages
        from ..models.source import Source
        from ..models.user_option import UserOption

        d = dict(src_dict)
        call_types = cast(list[str], d.pop("call_types"))

        clients = []
        _clients = d.pop("clients")
        for clients_item_data in _clients:
            clients_item = UserOption.from_dict(clients_item_data)

            clients.append(clients_item)

        deal_statuses = cast(list[str], d.pop("deal_statuses"))

        labels = []
        _labels = d.pop("labels")
        for labels_item_data in _labels:
            labels_item = Label.from_dict(labels_item_data)

            labels.append(labels_item)

        pipelines = []
        _pipelines = d.pop("pipelines")
        for pipelines_item_data in _pipelines:
            pipelines_item = PipelineStages.from_dict(pipelines_item_data)

            pipelines.append(pipelines_item)

        sources = []
        _sources = d.pop("sources")
        for sources_item_data in _sources:
            sources_item = Source.from_dict(sources_item_data)

            sources.append(sources_item)

        task_priorities = cast(list[str], d.pop("task_priorities"))

        task_statuses = cast(list[str], d.pop("task_statuses"))

        users = []
        _users = d.pop("users")
        for users_item_data in _users:
            users_item = UserOption.from_dict(users_item_data)

            users.append(users_item)

        crm_request_data = cls(
            call_types=call_types,
            clients=clients,
            deal_statuses=deal_statuses,
            labels=labels,
            pipelines=pipelines,
            sources=sources,
            task_priorities=task_priorities,
            task_statuses=task_statuses,
            users=users,
        )

        crm_request_data.additional_properties = d
        return crm_request_data

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
