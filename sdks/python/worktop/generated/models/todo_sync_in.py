from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.sync_direction import SyncDirection
from ..models.todo_provider import TodoProvider
from ..types import UNSET, Unset

T = TypeVar("T", bound="TodoSyncIn")


@_attrs_define
class TodoSyncIn:
    """Body of `POST /api/todo-sync`.

    Example:
        {'api_token': 'token-from-the-service', 'direction': 'both', 'enabled': True, 'project': 'Client work',
            'provider': 'todoist'}

    Attributes:
        api_token (None | str | Unset): Write-only; `null` removes it.
        direction (SyncDirection | Unset): Which way tasks flow.
        enabled (bool | Unset):
        project (str | Unset):
        provider (TodoProvider | Unset): A to-do service.
        version (int | Unset): The version the change is based on (409 when it moved on).
    """

    api_token: None | str | Unset = UNSET
    direction: SyncDirection | Unset = UNSET
    enabled: bool | Unset = UNSET
    project: str | Unset = UNSET
    provider: TodoProvider | Unset = UNSET
    version: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        api_token: None | str | Unset
        if isinstance(self.api_token, Unset):
            api_token = UNSET
        else:
            api_token = self.api_token

        direction: str | Unset = UNSET
        if not isinstance(self.direction, Unset):
            direction = self.direction.value

        enabled = self.enabled

        project = self.project

        provider: str | Unset = UNSET
        if not isinstance(self.provider, Unset):
            provider = self.provider.value

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if api_token is not UNSET:
            field_dict["api_token"] = api_token
        if direction is not UNSET:
            field_dict["direction"] = direction
        if enabled is not UNSET:
            field_dict["enabled"] = enabled
        if project is not UNSET:
            field_dict["project"] = project
        if provider is not UNSET:
            field_dict["provider"] = provider
        if version is not UNSET:
            field_dict["version"] = version

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_api_token(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        api_token = _parse_api_token(d.pop("api_token", UNSET))

        _direction = d.pop("direction", UNSET)
        direction: SyncDirection | Unset
        if isinstance(_direction, Unset):
            direction = UNSET
        else:
            direction = SyncDirection(_direction)

        enabled = d.pop("enabled", UNSET)

        project = d.pop("project", UNSET)

        _provider = d.pop("provider", UNSET)
        provider: TodoProvider | Unset
        if isinstance(_provider, Unset):
            provider = UNSET
        else:
            provider = TodoProvider(_provider)

        version = d.pop("version", UNSET)

        todo_sync_in = cls(
            api_token=api_token,
            direction=direction,
            enabled=enabled,
            project=project,
            provider=provider,
            version=version,
        )

        todo_sync_in.additional_properties = d
        return todo_sync_in

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
