from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="BatchTarget")


@_attrs_define
class BatchTarget:
    """One item of a batch delete.

    Attributes:
        id (int):
        version (int | None | Unset): When given, the item fails unless the record is still at this version.
    """

    id: int
    version: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        version: int | None | Unset
        if isinstance(self.version, Unset):
            version = UNSET
        else:
            version = self.version

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
            }
        )
        if version is not UNSET:
            field_dict["version"] = version

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        def _parse_version(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        version = _parse_version(d.pop("version", UNSET))

        batch_target = cls(
            id=id,
            version=version,
        )

        return batch_target
