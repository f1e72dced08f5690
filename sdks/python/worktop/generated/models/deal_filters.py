from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="DealFilters")


@_attrs_define
class DealFilters:
    """Filters of `GET /api/deals`.

    Attributes:
        client_id (int | None | Unset):
        label_id (int | None | Unset):
        pipeline_id (int | None | Unset):
        stage_id (int | None | Unset):
        status (None | str | Unset): `open`, `won` or `lost`.
        user_id (int | None | Unset):
    """

    client_id: int | None | Unset = UNSET
    label_id: int | None | Unset = UNSET
    pipeline_id: int | None | Unset = UNSET
    stage_id: int | None | Unset = UNSET
    status: None | str | Unset = UNSET
    user_id: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        client_id: int | None | Unset
        if isinstance(self.client_id, Unset):
            client_id = UNSET
        else:
            client_id = self.client_id

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

        stage_id: int | None | Unset
        if isinstance(self.stage_id, Unset):
            stage_id = UNSET
        else:
            stage_id = self.stage_id

        status: None | str | Unset
        if isinstance(self.status, Unset):
            status = UNSET
        else:
            status = self.status

        user_id: int | None | Unset
        if isinstance(self.user_id, Unset):
            user_id = UNSET
        else:
            user_id = self.user_id

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if client_id is not UNSET:
            field_dict["client_id"] = client_id
        if label_id is not UNSET:
            field_dict["label_id"] = label_id
        if pipeline_id is not UNSET:
            field_dict["pipeline_id"] = pipeline_id
        if stage_id is not UNSET:
            field_dict["stage_id"] = stage_id
        if status is not UNSET:
            field_dict["status"] = status
        if user_id is not UNSET:
            field_dict["user_id"] = user_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_client_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        client_id = _parse_client_id(d.pop("client_id", UNSET))

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

        def _parse_stage_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        stage_id = _parse_stage_id(d.pop("stage_id", UNSET))

        def _parse_status(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        status = _parse_status(d.pop("status", UNSET))

        def _parse_user_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        user_id = _parse_user_id(d.pop("user_id", UNSET))

        deal_filters = cls(
            client_id=client_id,
            label_id=label_id,
            pipeline_id=pipeline_id,
            stage_id=stage_id,
            status=status,
            user_id=user_id,
        )

        return deal_filters
