from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="TaskComment")


@_attrs_define
class TaskComment:
    """A comment on a record.

    Attributes:
        comment (str):
        created_at (str): RFC 3339, UTC.
        id (int): Unique per workspace and resource.
        task_id (int):
        updated_at (str): RFC 3339, UTC.
        user_id (int): Who wrote it.
        version (int): Goes up by one on every change; send it back (`version` or `If-Match`) to update safely.
    """

    comment: str
    created_at: str
    id: int
    task_id: int
    updated_at: str
    user_id: int
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        comment = self.comment

        created_at = self.created_at

        id = self.id

        task_id = self.task_id

        updated_at = self.updated_at

        user_id = self.user_id

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "comment": comment,
                "created_at": created_at,
                "id": id,
                "task_id": task_id,
                "updated_at": updated_at,
                "user_id": user_id,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        comment = d.pop("comment")

        created_at = d.pop("created_at")

        id = d.pop("id")

        task_id = d.pop("task_id")

        updated_at = d.pop("updated_at")

        user_id = d.pop("user_id")

        version = d.pop("version")

        task_comment = cls(
            comment=comment,
            created_at=created_at,
            id=id,
            task_id=task_id,
            updated_at=updated_at,
            user_id=user_id,
            version=version,
        )

        task_comment.additional_properties = d
        return task_comment

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
