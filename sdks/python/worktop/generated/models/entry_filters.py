from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.entry_status import EntryStatus
from ..types import UNSET, Unset

T = TypeVar("T", bound="EntryFilters")


@_attrs_define
class EntryFilters:
    """`?status=`, `?category_id=`, `?bank_account_id=` on the lists.

    Attributes:
        bank_account_id (int | None | Unset):
        category_id (int | None | Unset):
        status (EntryStatus | None | Unset):
    """

    bank_account_id: int | None | Unset = UNSET
    category_id: int | None | Unset = UNSET
    status: EntryStatus | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        bank_account_id: int | None | Unset
        if isinstance(self.bank_account_id, Unset):
            bank_account_id = UNSET
        else:
            bank_account_id = self.bank_account_id

        category_id: int | None | Unset
        if isinstance(self.category_id, Unset):
            category_id = UNSET
        else:
            category_id = self.category_id

        status: None | str | Unset
        if isinstance(self.status, Unset):
            status = UNSET
        elif isinstance(self.status, EntryStatus):
            status = self.status.value
        else:
            status = self.status

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if bank_account_id is not UNSET:
            field_dict["bank_account_id"] = bank_account_id
        if category_id is not UNSET:
            field_dict["category_id"] = category_id
        if status is not UNSET:
            field_dict["status"] = status

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_bank_account_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        bank_account_id = _parse_bank_account_id(d.pop("bank_account_id", UNSET))

        def _parse_category_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        category_id = _parse_category_id(d.pop("category_id", UNSET))

        def _parse_status(data: object) -> EntryStatus | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                status_type_1 = EntryStatus(data)

                return status_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(EntryStatus | None | Unset, data)

        status = _parse_status(d.pop("status", UNSET))

        entry_filters = cls(
            bank_account_id=bank_account_id,
            category_id=category_id,
            status=status,
        )

        return entry_filters
