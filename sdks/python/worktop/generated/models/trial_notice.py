from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="TrialNotice")


@_attrs_define
class TrialNotice:
    """The data of the trial events.

    Attributes:
        plan (str): The plan on trial (a plan id of `GET /api/public/plans`).
        trial_ends_at (str): RFC 3339.
        workspace_id (int):
    """

    plan: str
    trial_ends_at: str
    workspace_id: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        plan = self.plan

        trial_ends_at = self.trial_ends_at

        workspace_id = self.workspace_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "plan": plan,
                "trial_ends_at": trial_ends_at,
                "workspace_id": workspace_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        plan = d.pop("plan")

        trial_ends_at = d.pop("trial_ends_at")

        workspace_id = d.pop("workspace_id")

        trial_notice = cls(
            plan=plan,
            trial_ends_at=trial_ends_at,
            workspace_id=workspace_id,
        )

        trial_notice.additional_properties = d
        return trial_notice

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
