from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="LeadFilters")


@_attrs_define
class LeadFilters:
    """Filters of `GET /api/leads`.

    Attributes:
        converted (bool | None | Unset): `true`: only converted leads; `false`: only open ones.
        label_id (int | None | Unset):
        pipeline_id (int | None | Unset):
        source_id (int | None | Unset):
        stage_id (int | None | Unset):
        user_id (int | None | Unset): The owner.
    """

    converted: bool | None | Unset = UNSET
    label_id: int | None | Unset = UNSET
    pipeline_id: int | None | Unset = UNSET
    source_id: int | None | Unset = UNSET
    stage_id: int | None | Unset = UNSET
    user_id: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        converted: bool | None | Unset
        if isinstance(self.converted, Unset):
            converted = UNSET
        else:
            converted = self.converted

        label_id: int | None | Unset
        if isinstance(self.label_id, Unset):
            label_id = UNSET
        else:
            label_id = self.label_id

        pipeline_id: int | None | Unset
        if isinstance(self.pipeline_id, Unset):
            pipeline_id = UNSET
        else:
            pipeline_id = self.pipeline_id

        source_id: int | None | Unset
        if isinstance(self.source_id, Unset):
            source_id = UNSET
        else:
            source_id = self.source_id

        stage_id: int | None | Unset
        if isinstance(self.stage_id, Unset):
            stage_id = UNSET
        else:
            stage_id = self.stage_id

        user_id: int | None | Unset
        if isinstance(self.user_id, Unset):
            user_id = UNSET
        else:
            user_id = self.user_id

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if converted is not UNSET:
            field_dict["converted"] = converted
        if label_id is not UNSET:
            field_dict["label_id"] = label_id
        if pipeline_id is not UNSET:
            field_dict["pipeline_id"] = pipeline_id
        if source_id is not UNSET:
            field_dict["source_id"] = source_id
        if stage_id is not UNSET:
            field_dict["stage_id"] = stage_id
        if user_id is not UNSET:
            field_dict["user_id"] = user_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_converted(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        converted = _parse_converted(d.pop("converted", UNSET))

        def _parse_label_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        label_id = _parse_label_id(d.pop("label_id", UNSET))

        def _parse_pipeline_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        pipeline_id = _parse_pipeline_id(d.pop("pipeline_id", UNSET))

        def _parse_source_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        source_id = _parse_source_id(d.pop("source_id", UNSET))

        def _parse_stage_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        stage_id = _parse_stage_id(d.pop("stage_id", UNSET))

        def _parse_user_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        user_id = _parse_user_id(d.pop("user_id", UNSET))

        lead_filters = cls(
            converted=converted,
            label_id=label_id,
            pipeline_id=pipeline_id,
            source_id=source_id,
            stage_id=stage_id,
            user_id=user_id,
        )

        return lead_filters
