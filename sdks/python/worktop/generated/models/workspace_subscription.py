from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="WorkspaceSubscription")


@_attrs_define
class WorkspaceSubscription:
    """A workspace's subscription as the provider last reported it.

    Attributes:
        cancel_at_period_end (bool):
        current_period_end (None | str): RFC 3339: when the paid period ends (and a cancelled subscription with it).
        plan_id (str): A plan id of `GET /api/public/plans`.
        status (str): The provider's status: `active`, `trialing`, `past_due`, `canceled`, `unpaid`, ...
    """

    cancel_at_period_end: bool
    current_period_end: None | str
    plan_id: str
    status: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        cancel_at_period_end = self.cancel_at_period_end

        current_period_end: None | str
        current_period_end = self.current_period_end

        plan_id = self.plan_id

        status = self.status

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "cancel_at_period_end": cancel_at_period_end,
                "current_period_end": current_period_end,
                "plan_id": plan_id,
                "status": status,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        cancel_at_period_end = d.pop("cancel_at_period_end")

        def _parse_current_period_end(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        current_period_end = _parse_current_period_end(d.pop("current_period_end"))

        plan_id = d.pop("plan_id")

        status = d.pop("status")

        workspace_subscription = cls(
            cancel_at_period_end=cancel_at_period_end,
            current_period_end=current_period_end,
            plan_id=plan_id,
            status=status,
        )

        workspace_subscription.additional_properties = d
        return workspace_subscription

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
