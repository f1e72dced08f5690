from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="AwardIn")


@_attrs_define
class AwardIn:
    """Body of `POST /api/awards/create`.

    Attributes:
        award_type (str):
        date (datetime.date):
        employee_id (int):
        cash (float | None | Unset): An amount with two decimal places, at most 9,999,999,999,999.99 either way (a
            numeric string is accepted too). Example: 1250.5.
        description (None | str | Unset):
        gift (None | str | Unset):
    """

    award_type: str
    date: datetime.date
    employee_id: int
    cash: float | None | Unset = UNSET
    description: None | str | Unset = UNSET
    gift: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        award_type = self.award_type

        date = self.date.isoformat()

        employee_id = self.employee_id

        cash: float | None | Unset
        if isinstance(self.cash, Unset):
            cash = UNSET
        else:
            cash = self.cash

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        gift: None | str | Unset
        if isinstance(self.gift, Unset):
            gift = UNSET
        else:
            gift = self.gift

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "award_type": award_type,
                "date": date,
                "employee_id": employee_id,
            }
        )
        if cash is not UNSET:
            field_dict["cash"] = cash
        if description is not UNSET:
            field_dict["description"] = description
        if gift is not UNSET:
            field_dict["gift"] = gift

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        award_type = d.pop("award_type")

        date = datetime.date.fromisoformat(d.pop("date"))

        employee_id = d.pop("employee_id")

        def _parse_cash(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        cash = _parse_cash(d.pop("cash", UNSET))

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

        def _parse_gift(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        gift = _parse_gift(d.pop("gift", UNSET))

        award_in = cls(
            award_type=award_type,
            date=date,
            employee_id=employee_id,
            cash=cash,
            description=description,
            gift=gift,
        )

        award_in.additional_properties = d
        return award_in

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
