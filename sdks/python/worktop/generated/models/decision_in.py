from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.decision_in_status import DecisionInStatus
from ..types import UNSET, Unset

T = TypeVar("T", bound="DecisionIn")


@_attrs_define
class DecisionIn:
    """Body of `POST /api/leave-application/update-status/{id}`.

    Example:
        {'approver_comment': 'Enjoy!', 'status': 'approved'}

    Attributes:
        status (DecisionInStatus): What a decision makes of a pending application.
        approver_comment (None | str | Unset):
    """

    status: DecisionInStatus
    approver_comment: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        approver_comment: None | str | Unset
        if isinstance(self.approver_comment, Unset):
            approver_comment = UNSET
        else:
            approver_comment = self.approver_comment

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "status": status,
            }
        )
        if approver_comment is not UNSET:
            field_dict["approver_comment"] = approver_comment

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        status = DecisionInStatus(d.pop("status"))

        def _parse_approver_comment(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        approver_comment = _parse_approver_comment(d.pop("approver_comment", UNSET))

        decision_in = cls(
            status=status,
            approver_comment=approver_comment,
        )

        decision_in.additional_properties = d
        return decision_in

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
