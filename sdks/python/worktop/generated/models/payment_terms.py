from enum import StrEnum


class PaymentTerms(StrEnum):
    DUE_ON_RECEIPT = "due_on_receipt"
    NET_15 = "net_15"
    NET_30 = "net_30"
    NET_45 = "net_45"
    NET_60 = "net_60"

    def __str__(self) -> str:
        return str(self.value)
