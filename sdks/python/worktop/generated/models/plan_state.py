from enum import StrEnum


class PlanState(StrEnum):
    ACTIVE = "active"
    CANCELED = "canceled"
    CANCELING = "canceling"
    PAST_DUE = "past_due"
    TRIALING = "trialing"
    TRIAL_ENDED = "trial_ended"
    UNBILLED = "unbilled"

    def __str__(self) -> str:
        return str(self.value)
