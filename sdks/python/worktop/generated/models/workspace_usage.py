from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.hour_of_use import HourOfUse


T = TypeVar("T", bound="WorkspaceUsage")


@_attrs_define
class WorkspaceUsage:
    """Requests of the last 24 clock hours, this one last (counted by each instance and added up
    every few seconds, so the current hour lags a little).

        Attributes:
            hours (list[HourOfUse]):
            limit_per_hour (int): The workspace's ceiling per hour, all its tokens together (429 past it).
            token_limit_per_hour (int): Each token's own limit per hour.
    """

    hours: list[HourOfUse]
    limit_per_hour: int
    token_limit_per_hour: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        hours = []
        for hours_item_data in self.hours:
            hours_item = hours_item_data.to_dict()
            hours.append(hours_item)

        limit_per_hour = self.limit_per_hour

        token_limit_per_hour = self.token_limit_per_hour

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "hours": hours,
                "limit_per_hour": limit_per_hour,
                "token_limit_per_hour": token_limit_per_hour,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.hour_of_use import HourOfUse

        d = dict(src_dict)
        hours = []
        _hours = d.pop("hours")
        for hours_item_data in _hours:
            hours_item = HourOfUse.from_dict(hours_item_data)

            hours.append(hours_item)

        limit_per_hour = d.pop("limit_per_hour")

        token_limit_per_hour = d.pop("token_limit_per_hour")

        workspace_usage = cls(
            hours=hours,
            limit_per_hour=limit_per_hour,
            token_limit_per_hour=token_limit_per_hour,
        )

        workspace_usage.additional_properties = d
        return workspace_usage

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
