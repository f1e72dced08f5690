from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="SeriesOut")


@_attrs_define
class SeriesOut:
    """A series as the settings routes show it.

    Attributes:
        last_sequence (int): How many numbers were given.
        next_number (str): The number the next document will get.
        numbers (str): What it numbers, and when.
        prefix (str): The prefix numbers start with (the workspace's, or the default).
        series (str): `sales_invoice`.
    """

    last_sequence: int
    next_number: str
    numbers: str
    prefix: str
    series: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        last_sequence = self.last_sequence

        next_number = self.next_number

        numbers = self.numbers

        prefix = self.prefix

        series = self.series

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "last_sequence": last_sequence,
                "next_number": next_number,
                "numbers": numbers,
                "prefix": prefix,
                "series": series,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        last_sequence = d.pop("last_sequence")

        next_number = d.pop("next_number")

        numbers = d.pop("numbers")

        prefix = d.pop("prefix")

        series = d.pop("series")

        series_out = cls(
            last_sequence=last_sequence,
            next_number=next_number,
            numbers=numbers,
            prefix=prefix,
            series=series,
        )

        series_out.additional_properties = d
        return series_out

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
