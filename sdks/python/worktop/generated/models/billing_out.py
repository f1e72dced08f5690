from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.plan_state import PlanState

if TYPE_CHECKING:
    from ..models.read_only_out import ReadOnlyOut
    from ..models.workspace_plan import WorkspacePlan
    from ..models.workspace_subscription import WorkspaceSubscription


T = TypeVar("T", bound="BillingOut")


@_attrs_define
class BillingOut:
    """`GET /api/billing` and what the billing routes answer.

    Attributes:
        configured (bool): Whether this deployment bills through a payment provider; without one a checkout answers
            422 `billing_not_configured`.
        plan (WorkspacePlan): A workspace's plan by id and name.
        plan_state (PlanState): Where a workspace's plan stands: `trialing` (sign-up's free trial, until
            `trial_ends_at`),
            `trial_ended` (without a subscription: read-only), `active`, `past_due` (a payment failed;
            the provider retries it and writes go on), `canceling` (cancelled, ending at the period's
            end), `canceled` (the subscription ended: read-only), or `unbilled` (opened by an operator
            or a white-label platform, and billed outside Worktop).
        read_only (None | ReadOnlyOut): Set while the workspace is read-only: its writes answer 402 with this code and
            message.
        subscription (None | WorkspaceSubscription): Its subscription, once a checkout completed; null before.
        trial_ends_at (None | str): RFC 3339; null for a workspace with no trial (opened by an operator or a platform).
    """

    configured: bool
    plan: WorkspacePlan
    plan_state: PlanState
    read_only: None | ReadOnlyOut
    subscription: None | WorkspaceSubscription
    trial_ends_at: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.read_only_out import ReadOnlyOut
        from ..models.workspace_subscription import WorkspaceSubscription

        configured = self.configured

        plan = self.plan.to_dict()

        plan_state = self.plan_state.value

        read_only: dict[str, Any] | None
        if isinstance(self.read_only, ReadOnlyOut):
            read_only = self.read_only.to_dict()
        else:
            read_only = self.read_only

        subscription: dict[str, Any] | None
        if isinstance(self.subscription, WorkspaceSubscription):
            subscription = self.subscription.to_dict()
        else:
            subscription = self.subscription

        trial_ends_at: None | str
        trial_ends_at = self.trial_ends_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "configured": configured,
                "plan": plan,
                "plan_state": plan_state,
                "read_only": read_only,
                "subscription": subscription,
                "trial_ends_at": trial_ends_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.read_only_out import ReadOnlyOut
        from ..models.workspace_plan import WorkspacePlan
        from ..models.workspace_subscription import WorkspaceSubscription

        d = dict(src_dict)
        configured = d.pop("configured")

        plan = WorkspacePlan.from_dict(d.pop("plan"))

        plan_state = PlanState(d.pop("plan_state"))

        def _parse_read_only(data: object) -> None | ReadOnlyOut:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                read_only_type_1 = ReadOnlyOut.from_dict(data)

                return read_only_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ReadOnlyOut, data)

        read_only = _parse_read_only(d.pop("read_only"))

        def _parse_subscription(data: object) -> None | WorkspaceSubscription:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                subscription_type_1 = WorkspaceSubscription.from_dict(data)

                return subscription_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | WorkspaceSubscription, data)

        subscription = _parse_subscription(d.pop("subscription"))

        def _parse_trial_ends_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        trial_ends_at = _parse_trial_ends_at(d.pop("trial_ends_at"))

        billing_out = cls(
            configured=configured,
            plan=plan,
            plan_state=plan_state,
            read_only=read_only,
            subscription=subscription,
            trial_ends_at=trial_ends_at,
        )

        billing_out.additional_properties = d
        return billing_out

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
