from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.activity_kind import ActivityKind

T = TypeVar("T", bound="ActivityItem")


@_attrs_define
class ActivityItem:
    """Something that happened on a project.

    Attributes:
        at (str):
        id (int): The task, bug, file or tracker.
        kind (ActivityKind): What an activity entry is about.
        title (str):
        user_id (int | None): Who, when the record says (the user whose time it is).
    """

    at: str
    id: int
    kind: ActivityKind
    title: str
    user_id: int | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        at = self.at

        id = self.id

        kind = self.kind.value

        title = self.title

        user_id: int | None
        user_id = self.user_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "at": at,
                "id": id,
                "kind": kind,
                "title": title,
                "user_id": user_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        at = d.pop("at")

        id = d.pop("id")

        kind = ActivityKind(d.pop("kind"))

        title = d.pop("title")

        def _parse_user_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        user_id = _parse_user_id(d.pop("user_id"))

        activity_item = cls(
            at=at,
            id=id,
            kind=kind,
            title=title,
            user_id=user_id,
        )

        activity_item.additional_properties = d
        return activity_item

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
