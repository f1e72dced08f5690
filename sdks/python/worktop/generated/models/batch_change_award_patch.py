from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="BatchChangeAwardPatch")


@_attrs_define
class BatchChangeAwardPatch:
    """One item of a batch update.

    Attributes:
        id (int): The record to change.
        version (int): The version the change is based on; a stale one fails the item (409 `version_conflict`).
        award_type (str | Unset):
        cash (float | None | Unset): `null` clears it. Example: 1250.5.
        date (datetime.date | Unset):
        description (None | str | Unset): `null` clears it.
        gift (None | str | Unset): `null` clears it.
    """

    id: int
    version: int
    award_type: str | Unset = UNSET
    cash: float | None | Unset = UNSET
    date: datetime.date | Unset = UNSET
    description: None | str | Unset = UNSET
    gift: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        version = self.version

        award_type = self.award_type

        cash: float | None | Unset
        if isinstance(self.cash, Unset):
            cash = UNSET
        else:
            cash = self.cash

        date: str | Unset = UNSET
        if not isinstance(self.date, Unset):
            date = self.date.isoformat()

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
                "id": id,
                "version": version,
            }
        )
        if award_type is not UNSET:
            field_dict["award_type"] = award_type
        if cash is not UNSET:
            field_dict["cash"] = cash
        if date is not UNSET:
            field_dict["date"] = date
        if description is not UNSET:
            field_dict["description"] = description
        if gift is not UNSET:
            field_dict["gift"] = gift

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        version = d.pop("version")

        award_type = d.pop("award_type", UNSET)

        def _parse_cash(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        cash = _parse_cash(d.pop("cash", UNSET))

        _date = d.pop("date", UNSET)
        date: datetime.date | Unset
        if isinstance(_date, Unset):
            date = UNSET
        else:
            date = datetime.date.fromisoformat(_date)

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

        batch_change_award_patch = cls(
            id=id,
            version=version,
            award_type=award_type,
            cash=cash,
            date=date,
            description=description,
            gift=gift,
        )

        batch_change_award_patch.additional_properties = d
        return batch_change_award_patch

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
