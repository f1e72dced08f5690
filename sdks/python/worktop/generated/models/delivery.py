from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.delivery_status_type_0 import DeliveryStatusType0
from ..models.delivery_status_type_1 import DeliveryStatusType1

if TYPE_CHECKING:
    from ..models.attempt import Attempt
    from ..models.event import Event


T = TypeVar("T", bound="Delivery")


@_attrs_define
class Delivery:
    """One event on its way to one endpoint, with every attempt so far.

    Attributes:
        attempts (list[Attempt]):
        created_at (str):
        event (Event): The envelope a receiver gets as the request body.
        expires_at (int | None): When a finished delivery leaves the log (Unix seconds): the log keeps each for the
            retention (`WEBHOOK_LOG_RETENTION_DAYS`) after it finished.
        failure (None | str): Why it failed for good, when it did.
        id (int):
        next_attempt_at (int | None): When the next attempt is due (Unix milliseconds), while pending.
        status (DeliveryStatusType0 | DeliveryStatusType1):
        subscription_id (int):
        updated_at (str):
        version (int):
    """

    attempts: list[Attempt]
    created_at: str
    event: Event
    expires_at: int | None
    failure: None | str
    id: int
    next_attempt_at: int | None
    status: DeliveryStatusType0 | DeliveryStatusType1
    subscription_id: int
    updated_at: str
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        attempts = []
        for attempts_item_data in self.attempts:
            attempts_item = attempts_item_data.to_dict()
            attempts.append(attempts_item)

        created_at = self.created_at

        event = self.event.to_dict()

        expires_at: int | None
        expires_at = self.expires_at

        failure: None | str
        failure = self.failure

        id = self.id

        next_attempt_at: int | None
        next_attempt_at = self.next_attempt_at

        status: str
        if isinstance(self.status, DeliveryStatusType0):
            status = self.status.value
        else:
            status = self.status.value

        subscription_id = self.subscription_id

        updated_at = self.updated_at

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "attempts": attempts,
                "created_at": created_at,
                "event": event,
                "expires_at": expires_at,
                "failure": failure,
                "id": id,
                "next_attempt_at": next_attempt_at,
                "status": status,
                "subscription_id": subscription_id,
                "updated_at": updated_at,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.attempt import Attempt
        from ..models.event import Event

        d = dict(src_dict)
        attempts = []
        _attempts = d.pop("attempts")
        for attempts_item_data in _attempts:
            attempts_item = Attempt.from_dict(attempts_item_data)

            attempts.append(attempts_item)

        created_at = d.pop("created_at")

        event = Event.from_dict(d.pop("event"))

        def _parse_expires_at(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        expires_at = _parse_expires_at(d.pop("expires_at"))

        def _parse_failure(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        failure = _parse_failure(d.pop("failure"))

        id = d.pop("id")

        def _parse_next_attempt_at(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        next_attempt_at = _parse_next_attempt_at(d.pop("next_attempt_at"))

        def _parse_status(data: object) -> DeliveryStatusType0 | DeliveryStatusType1:
            try:
                if not isinstance(data, str):
                    raise TypeError()
                componentsschemas_delivery_status_type_0 = DeliveryStatusType0(data)

                return componentsschemas_delivery_status_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, str):
                raise TypeError()
            componentsschemas_delivery_status_type_1 = DeliveryStatusType1(data)

            return componentsschemas_delivery_status_type_1

        status = _parse_status(d.pop("status"))

        subscription_id = d.pop("subscription_id")

        updated_at = d.pop("updated_at")

        version = d.pop("version")

        delivery = cls(
            attempts=attempts,
            created_at=created_at,
            event=event,
            expires_at=expires_at,
            failure=failure,
            id=id,
            next_attempt_at=next_attempt_at,
            status=status,
            subscription_id=subscription_id,
            updated_at=updated_at,
            version=version,
        )

        delivery.additional_properties = d
        return delivery

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
