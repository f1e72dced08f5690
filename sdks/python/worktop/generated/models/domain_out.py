from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.txt_record import TxtRecord


T = TypeVar("T", bound="DomainOut")


@_attrs_define
class DomainOut:
    """A sub-tenant's custom domain.

    Attributes:
        domain (None | str): `null` while none is set.
        txt_record (None | TxtRecord): What to publish before verifying.
        verified (bool):
        verified_at (None | str):
        version (int):
    """

    domain: None | str
    txt_record: None | TxtRecord
    verified: bool
    verified_at: None | str
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.txt_record import TxtRecord

        domain: None | str
        domain = self.domain

        txt_record: dict[str, Any] | None
        if isinstance(self.txt_record, TxtRecord):
            txt_record = self.txt_record.to_dict()
        else:
            txt_record = self.txt_record

        verified = self.verified

        verified_at: None | str
        verified_at = self.verified_at

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "domain": domain,
                "txt_record": txt_record,
                "verified": verified,
                "verified_at": verified_at,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.txt_record import TxtRecord

        d = dict(src_dict)

        def _parse_domain(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        domain = _parse_domain(d.pop("domain"))

        def _parse_txt_record(data: object) -> None | TxtRecord:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                txt_record_type_1 = TxtRecord.from_dict(data)

                return txt_record_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TxtRecord, data)

        txt_record = _parse_txt_record(d.pop("txt_record"))

        verified = d.pop("verified")

        def _parse_verified_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        verified_at = _parse_verified_at(d.pop("verified_at"))

        version = d.pop("version")

        domain_out = cls(
            domain=domain,
            txt_record=txt_record,
            verified=verified,
            verified_at=verified_at,
            version=version,
        )

        domain_out.additional_properties = d
        return domain_out

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
