from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.consent_client import ConsentClient


T = TypeVar("T", bound="ConsentOut")


@_attrs_define
class ConsentOut:
    """What the consent page shows the user before they answer.

    Attributes:
        client (ConsentClient): The application asking, as the consent page names it.
        redirect_uri (str): Where the browser goes after the answer.
        scopes (list[str]): The scopes the answer grants (the client's own when the request names none).
    """

    client: ConsentClient
    redirect_uri: str
    scopes: list[str]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        client = self.client.to_dict()

        redirect_uri = self.redirect_uri

        scopes = self.scopes

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "client": client,
                "redirect_uri": redirect_uri,
                "scopes": scopes,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.consent_client import ConsentClient

        d = dict(src_dict)
        client = ConsentClient.from_dict(d.pop("client"))

        redirect_uri = d.pop("redirect_uri")

        scopes = cast(list[str], d.pop("scopes"))

        consent_out = cls(
            client=client,
            redirect_uri=redirect_uri,
            scopes=scopes,
        )

        consent_out.additional_properties = d
        return consent_out

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
