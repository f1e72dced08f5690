from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.deal_change_status import DealChangeStatus
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.custom_values_in import CustomValuesIn


T = TypeVar("T", bound="DealChange")


@_attrs_define
class DealChange:
    """Body of `PATCH /api/v1/deals/{id}`.

    Example:
        {'amount': 48000, 'close_date': '2027-02-28', 'stage': 'Proposal'}

    Attributes:
        amount (float | Unset): An amount with two decimal places, at most 9,999,999,999,999.99 either way (a numeric
            string is accepted too). Example: 1250.5.
        close_date (datetime.date | None | Unset): `YYYY-MM-DD`, or `null` to clear.
        custom_fields (CustomValuesIn | Unset): Values of the workspace's custom fields, by key (GET /api/custom-
            fields); null clears one.
        stage (int | str | Unset): A stage by name (`"Proposal"`) or by id.
        status (DealChangeStatus | Unset): `open`, `won` or `lost`.
        version (int | Unset): The version the change is based on; a stale one is 409.
    """

    amount: float | Unset = UNSET
    close_date: datetime.date | None | Unset = UNSET
    custom_fields: CustomValuesIn | Unset = UNSET
    stage: int | str | Unset = UNSET
    status: DealChangeStatus | Unset = UNSET
    version: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        amount = self.amount

        close_date: None | str | Unset
        if isinstance(self.close_date, Unset):
            close_date = UNSET
        elif isinstance(self.close_date, datetime.date):
            close_date = self.close_date.isoformat()
        else:
            close_date = self.close_date

        custom_fields: dict[str, Any] | Unset = UNSET
        if not isinstance(self.custom_fields, Unset):
            custom_fields = self.custom_fields.to_dict()

        stage: int | str | Unset
        if isinstance(self.stage, Unset):
            stage = UNSET
        else:
            stage = self.stage

        status: str | Unset = UNSET
        if not isinstance(self.status, Unset):
            status = self.status.value

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if amount is not UNSET:
            field_dict["amount"] = amount
        if close_date is not UNSET:
            field_dict["close_date"] = close_date
        if custom_fields is not UNSET:
            field_dict["custom_fields"] = custom_fields
        if stage is not UNSET:
            field_dict["stage"] = stage
        if status is not UNSET:
            field_dict["status"] = status
        if version is not UNSET:
            field_dict["version"] = version

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.custom_values_in import CustomValuesIn

        d = dict(src_dict)
        amount = d.pop("amount", UNSET)

        def _parse_close_date(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                close_date_type_0 = datetime.date.fromisoformat(data)

                return close_date_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        close_date = _parse_close_date(d.pop("close_date", UNSET))

        _custom_fields = d.pop("custom_fields", UNSET)
        custom_fields: CustomValuesIn | Unset
        if isinstance(_custom_fields, Unset):
            custom_fields = UNSET
        else:
            custom_fields = CustomValuesIn.from_dict(_custom_fields)

        def _parse_stage(data: object) -> int | str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(int | str | Unset, data)

        stage = _parse_stage(d.pop("stage", UNSET))

        _status = d.pop("status", UNSET)
        status: DealChangeStatus | Unset
        if isinstance(_status, Unset):
            status = UNSET
        else:
            status = DealChangeStatus(_status)

        version = d.pop("version", UNSET)

        deal_change = cls(
            amount=amount,
            close_date=close_date,
            custom_fields=custom_fields,
            stage=stage,
            status=status,
            version=version,
        )

        deal_change.additional_properties = d
        return deal_change

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
