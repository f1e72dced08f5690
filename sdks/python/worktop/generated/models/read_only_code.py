from enum import StrEnum


class ReadOnlyCode(StrEnum):
    SUBSCRIPTION_ENDED = "subscription_ended"
    TRIAL_ENDED = "trial_ended"

    def __str__(self) -> str:
        return str(self.value)
