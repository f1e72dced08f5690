from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.priority import Priority
from ..types import UNSET, Unset

T = TypeVar("T", bound="BugPatch")


@_attrs_define
class BugPatch:
    """Body of `POST /api/project/{project_id}/bug/update/{bug_id}`: absent fields stay;
    `assigned_to` replaces the list; `stage_id` moves it.

        Attributes:
            assigned_to (list[int] | Unset):
            description (None | str | Unset): `null` clears it.
            priority (Priority | Unset): How urgent a task or bug is.
            stage_id (int | Unset):
            title (str | Unset):
    """

    assigned_to: list[int] | Unset = UNSET
    description: None | str | Unset = UNSET
    priority: Priority | Unset = UNSET
    stage_id: int | Unset = UNSET
    title: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        assigned_to: list[int] | Unset = UNSET
        if not isinstance(self.assigned_to, Unset):
            assigned_to = self.assigned_to

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        priority: str | Unset = UNSET
        if not isinstance(self.priority, Unset):
            priority = self.priority.value

        stage_id = self.stage_id

        title = self.title

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if assigned_to is not UNSET:
            field_dict["assigned_to"] = assigned_to
        if description is not UNSET:
            field_dict["description"] = description
        if priority is not UNSET:
            field_dict["priority"] = priority
        if stage_id is not UNSET:
            field_dict["stage_id"] = stage_id
        if title is not UNSET:
            field_dict["title"] = title

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        assigned_to = cast(list[int], d.pop("assigned_to", UNSET))

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

        _priority = d.pop("priority", UNSET)
        priority: Priority | Unset
        if isinstance(_priority, Unset):
            priority = UNSET
        else:
            priority = Priority(_priority)

        stage_id = d.pop("stage_id", UNSET)

        title = d.pop("title", UNSET)

        bug_patch = cls(
            assigned_to=assigned_to,
            description=description,
            priority=priority,
            stage_id=stage_id,
            title=title,
        )

        bug_patch.additional_properties = d
        return bug_patch

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
