from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.named import Named


T = TypeVar("T", bound="SupportRequestData")


@_attrs_define
class SupportRequestData:
    """Answer of `GET /api/support-ticket/get-request-data`: what the ticket forms offer (at most 500
    of each record kind, by name).

        Attributes:
            assignees (list[Named]): Who a ticket can be assigned to: the workspace's owners, admins and staff.
            categories (list[Named]):
            priorities (list[str]):
            statuses (list[str]):
    """

    assignees: list[Named]
    categories: list[Named]
    priorities: list[str]
    statuses: list[str]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        assignees = []
        for assignees_item_data in self.assignees:
            assignees_item = assignees_item_data.to_dict()
            assignees.append(assignees_item)

        categories = []
        for categories_item_data in self.categories:
            categories_item = categories_item_data.to_dict()
            categories.append(categories_item)

        priorities = self.priorities

        statuses = self.statuses

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "assignees": assignees,
                "categories": categories,
                "priorities": priorities,
                "statuses": statuses,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.named import Named

        d = dict(src_dict)
        assignees = []
        _assignees = d.pop("assignees")
        for assignees_item_data in _assignees:
            assignees_item = Named.from_dict(assignees_item_data)

            assignees.append(assignees_item)

        categories = []
        _categories = d.pop("categories")
        for categories_item_data in _categories:
            categories_item = Named.from_dict(categories_item_data)

            categories.append(categories_item)

        priorities = cast(list[str], d.pop("priorities"))

        statuses = cast(list[str], d.pop("statuses"))

        support_request_data = cls(
            assignees=assignees,
            categories=categories,
            priorities=priorities,
            statuses=statuses,
        )

        support_request_data.additional_properties = d
        return support_request_data

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
