from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.priority import Priority
from ..types import UNSET, Unset

T = TypeVar("T", bound="BugIn")


@_attrs_define
class BugIn:
    """Body of `POST /api/project/bug/create/{project_id}`.

    Example:
        {'assigned_to': [1], 'priority': 'high', 'title': 'Login button does nothing on Safari'}

    Attributes:
        title (str):
        assigned_to (list[int] | None | Unset): Members of the project.
        description (None | str | Unset):
        priority (None | Priority | Unset): Defaults to `medium`.
        stage_id (int | None | Unset): A bug stage; defaults to the first.
    """

    title: str
    assigned_to: list[int] | None | Unset = UNSET
    description: None | str | Unset = UNSET
    priority: None | Priority | Unset = UNSET
    stage_id: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        title = self.title

        assigned_to: list[int] | None | Unset
        if isinstance(self.assigned_to, Unset):
            assigned_to = UNSET
        elif isinstance(self.assigned_to, list):
            assigned_to = self.assigned_to

        else:
            assigned_to = self.assigned_to

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        priority: None | str | Unset
        if isinstance(self.priority, Unset):
            priority = UNSET
        elif isinstance(self.priority, Priority):
            priority = self.priority.value
        else:
            priority = self.priority

        stage_id: int | None | Unset
        if isinstance(self.stage_id, Unset):
            stage_id = UNSET
        else:
            stage_id = self.stage_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "title": title,
            }
        )
        if assigned_to is not UNSET:
            field_dict["assigned_to"] = assigned_to
        if description is not UNSET:
            field_dict["description"] = description
        if priority is not UNSET:
            field_dict["priority"] = priority
        if stage_id is not UNSET:
            field_dict["stage_id"] = stage_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        title = d.pop("title")

        def _parse_assigned_to(data: object) -> list[int] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                assigned_to_type_0 = cast(list[int], data)

                return assigned_to_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[int] | None | Unset, data)

        assigned_to = _parse_assigned_to(d.pop("assigned_to", UNSET))

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

        def _parse_priority(data: object) -> None | Priority | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                priority_type_1 = Priority(data)

                return priority_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Priority | Unset, data)

        priority = _parse_priority(d.pop("priority", UNSET))

        def _parse_stage_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        stage_id = _parse_stage_id(d.pop("stage_id", UNSET))

        bug_in = cls(
            title=title,
            assigned_to=assigned_to,
            description=description,
            priority=priority,
            stage_id=stage_id,
        )

        bug_in.additional_properties = d
        return bug_in

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
