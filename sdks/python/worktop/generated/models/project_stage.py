from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ProjectStage")


@_attrs_define
class ProjectStage:
    """A column of the task or bug board.

    Attributes:
        color (str): A colour written `#RRGGBB`, upper-cased.
        complete (bool): The done column: a task or bug in it counts as done.
        created_at (str): RFC 3339, UTC.
        id (int): Unique per workspace and resource.
        name (str):
        order (int): Position on the board, from 1.
        updated_at (str): RFC 3339, UTC.
        version (int): Goes up by one on every change; send it back (`version` or `If-Match`) to update safely.
    """

    color: str
    complete: bool
    created_at: str
    id: int
    name: str
    order: int
    updated_at: str
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        color = self.color

        complete = self.complete

        created_at = self.created_at

        id = self.id

        name = self.name

        order = self.order

        updated_at = self.updated_at

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "color": color,
                "complete": complete,
                "created_at": created_at,
                "id": id,
                "name": name,
                "order": order,
                "updated_at": updated_at,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        color = d.pop("color")

        complete = d.pop("complete")

        created_at = d.pop("created_at")

        id = d.pop("id")

        name = d.pop("name")

        order = d.pop("order")

        updated_at = d.pop("updated_at")

        version = d.pop("version")

        project_stage = cls(
            color=color,
            complete=complete,
            created_at=created_at,
            id=id,
            name=name,
            order=order,
            updated_at=updated_at,
            version=version,
        )

        project_stage.additional_properties = d
        return project_stage

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
