from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="LabelFilters")


@_attrs_define
class LabelFilters:
    """`?pipeline_id=` on the label list.

    Attributes:
        pipeline_id (int | None | Unset):
    """

    pipeline_id: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        pipeline_id: int | None | Unset
        if isinstance(self.pipeline_id, Unset):
            pipeline_id = UNSET
        else:
            pipeline_id = self.pipeline_id

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if pipeline_id is not UNSET:
            field_dict["pipeline_id"] = pipeline_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_pipeline_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        pipeline_id = _parse_pipeline_id(d.pop("pipeline_id", UNSET))

        label_filters = cls(
            pipeline_id=pipeline_id,
        )

        return label_filters
