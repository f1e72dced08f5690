from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.sync_direction import SyncDirection
from ..models.todo_provider import TodoProvider

T = TypeVar("T", bound="TodoSync")


@_attrs_define
class TodoSync:
    """Syncing project tasks with a to-do service: `GET`/`POST /api/todo-sync`.

    Attributes:
        api_token_set (bool): Whether an API token is stored (it is write-only). Default: False.
        configured (bool):  Default: False.
        direction (None | SyncDirection): `push`: Worktop's tasks go out; `pull`: the service's come in; `both`.
        enabled (bool):  Default: False.
        project (None | str): The service's project (list, board) tasks sync with.
        provider (None | TodoProvider):
        updated_at (None | str):
        version (int):  Default: 0.
    """

    direction: None | SyncDirection
    project: None | str
    provider: None | TodoProvider
    updated_at: None | str
    api_token_set: bool = False
    configured: bool = False
    enabled: bool = False
    version: int = 0
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        api_token_set = self.api_token_set

        configured = self.configured

        direction: None | str
        if isinstance(self.direction, SyncDirection):
            direction = self.direction.value
        else:
            direction = self.direction

        enabled = self.enabled

        project: None | str
        project = self.project

        provider: None | str
        if isinstance(self.provider, TodoProvider):
            provider = self.provider.value
        else:
            provider = self.provider

        updated_at: None | str
        updated_at = self.updated_at

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "api_token_set": api_token_set,
                "configured": configured,
                "direction": direction,
                "enabled": enabled,
                "project": project,
                "provider": provider,
                "updated_at": updated_at,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        api_token_set = d.pop("api_token_set")

        configured = d.pop("configured")

        def _parse_direction(data: object) -> None | SyncDirection:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                direction_type_1 = SyncDirection(data)

                return direction_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SyncDirection, data)

        direction = _parse_direction(d.pop("direction"))

        enabled = d.pop("enabled")

        def _parse_project(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        project = _parse_project(d.pop("project"))

        def _parse_provider(data: object) -> None | TodoProvider:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                provider_type_1 = TodoProvider(data)

                return provider_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TodoProvider, data)

        provider = _parse_provider(d.pop("provider"))

        def _parse_updated_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        updated_at = _parse_updated_at(d.pop("updated_at"))

        version = d.pop("version")

        todo_sync = cls(
            api_token_set=api_token_set,
            configured=configured,
            direction=direction,
            enabled=enabled,
            project=project,
            provider=provider,
            updated_at=updated_at,
            version=version,
        )

        todo_sync.additional_properties = d
        return todo_sync

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
